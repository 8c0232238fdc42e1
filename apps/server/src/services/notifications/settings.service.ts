import { inArray, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { notificationSettings } from './tables.js';

type Row = typeof notificationSettings.$inferSelect;

/** What a person without a settings row has: every kind on, no quiet hours, the message text shown. */
const DEFAULTS: Omit<Row, 'userId' | 'updatedAt'> = {
  off: [],
  hideMessageText: false,
  quietStart: null,
  quietEnd: null,
  quietAllowsCalls: true,
  quietAllowsMoney: true,
};

function toSettings(r: Omit<Row, 'userId' | 'updatedAt'>): NotificationSettings {
  return {
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !r.off.includes(k)])) as Record<NotificationKind, boolean>,
    hideMessageText: r.hideMessageText,
    quietHours: r.quietStart === null || r.quietEnd === null ? null : { start: r.quietStart, end: r.quietEnd },
    quietAllowsCalls: r.quietAllowsCalls,
    quietAllowsMoney: r.quietAllowsMoney,
  };
}

export async function getSettings(db: Tx, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return toSettings(row ?? DEFAULTS);
}

export type SettingsChange = Partial<Omit<NotificationSettings, 'kinds'> & { kinds: Partial<Record<NotificationKind, boolean>> }>;

/** Changes some settings; the others keep their value (one upsert, so two devices changing different settings both hold). */
export async function updateSettings(db: Tx, userId: string, change: SettingsChange): Promise<NotificationSettings> {
  const current = await getSettings(db, userId);
  const kinds = { ...current.kinds, ...change.kinds };
  const quiet = change.quietHours === undefined ? current.quietHours : change.quietHours;
  const values = {
    off: NOTIFICATION_KINDS.filter((k) => kinds[k] === false),
    hideMessageText: change.hideMessageText ?? current.hideMessageText,
    quietStart: quiet?.start ?? null,
    quietEnd: quiet?.end ?? null,
    quietAllowsCalls: change.quietAllowsCalls ?? current.quietAllowsCalls,
    quietAllowsMoney: change.quietAllowsMoney ?? current.quietAllowsMoney,
    updatedAt: sql`now()`,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return getSettings(db, userId);
}

/** Several people's settings rows at once (the ones without a row have the defaults). */
export async function settingsOf(db: Tx, userIds: string[]): Promise<Map<string, Omit<Row, 'userId' | 'updatedAt'>>> {
  const rows = userIds.length ? await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds)) : [];
  const found = new Map(rows.map((r) => [r.userId, r]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? DEFAULTS]));
}

/** Minutes from midnight in Lagos (West Africa Time, UTC+1 all year: no daylight saving). */
export function lagosMinuteOfDay(now: Date): number {
  return (now.getUTCHours() * 60 + now.getUTCMinutes() + 60) % 1440;
}

/** Whether `minute` falls in quiet hours from `start` to `end` (a start after the end spans midnight). */
export function inQuietHours(minute: number, start: number | null, end: number | null): boolean {
  if (start === null || end === null || start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * Whether a push of this kind goes to a person with these settings now: the kind is on, and outside
 * quiet hours (calls and money still come through during them unless the person turned that off).
 */
export function pushAllowed(s: Omit<Row, 'userId' | 'updatedAt'>, kind: NotificationKind, now: Date): boolean {
  if (s.off.includes(kind)) return false;
  if (!inQuietHours(lagosMinuteOfDay(now), s.quietStart, s.quietEnd)) return true;
  if (kind === 'call') return s.quietAllowsCalls;
  if (kind === 'money') return s.quietAllowsMoney;
  return false;
}
