import type { Tx } from '../../platform/db.js';
import { postCategories } from './tables.js';

/** Post categories (GET /post-categories): this list is the source of truth, written to the table at start-up. */
export const POST_CATEGORIES = [
  { id: 'money-tips', name: 'Money tips' },
  { id: 'business', name: 'Business' },
  { id: 'lifestyle', name: 'Lifestyle' },
  { id: 'tech', name: 'Tech' },
  { id: 'sports', name: 'Sports' },
  { id: 'entertainment', name: 'Entertainment' },
  { id: 'news', name: 'News' },
  { id: 'faith', name: 'Faith' },
  { id: 'food', name: 'Food' },
  { id: 'fashion', name: 'Fashion' },
  { id: 'education', name: 'Education' },
  { id: 'health', name: 'Health' },
] as const;

const BY_ID = new Map<string, { _id: string; name: string }>(POST_CATEGORIES.map((c) => [c.id, { _id: c.id, name: c.name }]));
export const categoryOf = (id: string | null) => (id ? (BY_ID.get(id) ?? null) : null);
export const isCategory = (id: string) => BY_ID.has(id);

/** Writes the categories (once per start; the table is what feeds join and filter on). */
export async function ensureCategories(db: Tx): Promise<void> {
  await db
    .insert(postCategories)
    .values(POST_CATEGORIES.map((c, i) => ({ id: c.id, name: c.name, position: i })))
    .onConflictDoNothing();
}

/** Why a post can be reported (GET /posts/all-report-reasons). */
export const REPORT_REASONS = [
  { id: 'spam', reason: 'Spam' },
  { id: 'scam', reason: 'Scam or fraud' },
  { id: 'hate', reason: 'Hate speech or symbols' },
  { id: 'harassment', reason: 'Bullying or harassment' },
  { id: 'violence', reason: 'Violence or dangerous organisations' },
  { id: 'nudity', reason: 'Nudity or sexual activity' },
  { id: 'false-information', reason: 'False information' },
  { id: 'intellectual-property', reason: 'Intellectual property violation' },
  { id: 'self-harm', reason: 'Suicide or self-injury' },
  { id: 'other', reason: 'Something else' },
] as const;

/** The reason's id for an id or its text (any case), or null. */
export function reasonId(given: string): string | null {
  const g = given.trim().toLowerCase();
  return REPORT_REASONS.find((r) => r.id === g || r.reason.toLowerCase() === g)?.id ?? null;
}
