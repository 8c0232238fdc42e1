import { and, desc, eq } from 'drizzle-orm';
import type { Page } from '../../platform/pagination.js';
import { notFound } from '../../platform/errors.js';
import type { WalletDeps } from './deps.js';
import { savedCards } from './tables.js';

// The cards a person kept when funding (the acquirer's token, never the number).

type SavedCardRow = typeof savedCards.$inferSelect;
export const toSavedCard = (c: SavedCardRow) => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  expiryMonth: c.expiryMonth,
  expiryYear: c.expiryYear,
  createdAt: c.createdAt.toISOString(),
});

export async function listCards(deps: WalletDeps, userId: string, page: Page) {
  const where = eq(savedCards.userId, userId);
  const [rows, total] = await Promise.all([
    deps.db
      .select()
      .from(savedCards)
      .where(where)
      .orderBy(desc(savedCards.createdAt))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    deps.db.$count(savedCards, where),
  ]);
  return { items: rows.map(toSavedCard), total };
}

export async function deleteCard(deps: WalletDeps, userId: string, id: string) {
  const gone = await deps.db
    .delete(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)))
    .returning({ id: savedCards.id });
  if (gone.length === 0) throw notFound('Card not found', 'CARD_NOT_FOUND');
}
