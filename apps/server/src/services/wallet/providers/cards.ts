import { createHash } from 'node:crypto';
import { lagosDayBounds } from '@owo/contracts';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';
import type { SettlementLine } from '../../../platform/settlements.js';
import { sandboxProviderCalls } from '../tables.js';

export type CardDetails = { number: string; expiryMonth: number; expiryYear: number; cvv: string };
export type ChargeResult =
  | { status: 'successful'; providerRef: string; token: string | null; brand: string; last4: string; fingerprint: string }
  | { status: 'failed'; providerRef: string; reason: string };

/** Card acquiring. Only the acquirer sees the card number; we keep its token. */
export interface CardAcquirer {
  readonly name: string;
  charge(p: { reference: string; amount: bigint; card: CardDetails; tokenize: boolean }): Promise<ChargeResult>;
  chargeToken(p: { reference: string; amount: bigint; token: string }): Promise<ChargeResult>;
  /** What became of the charge made with this reference; null when the acquirer never received it. */
  status(reference: string): Promise<ChargeResult | null>;
  /** The charges settled on a Lagos day (the acquirer's settlement report), when it gives one. */
  settlements?(day: string): Promise<SettlementLine[]>;
}

export const SANDBOX_CARDS = { success: '4084084084084081', declined: '4084080000000409' } as const;

export function luhnValid(num: string): boolean {
  let sum = 0;
  for (let i = 0; i < num.length; i++) {
    let d = Number(num[num.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return num.length >= 12 && sum % 10 === 0;
}

export const cardBrand = (num: string): string =>
  /^4/.test(num) ? 'Visa' : /^(5[1-5]|2[2-7])/.test(num) ? 'Mastercard' : /^(506[01]|507[89]|6500)/.test(num) ? 'Verve' : 'Card';

/** What the sandbox decides for a charge (no state). */
function sandboxDecide(reference: string, card: CardDetails, tokenize: boolean): ChargeResult {
  const providerRef = `SBXC-${reference}`;
  if (card.number !== SANDBOX_CARDS.success) {
    return {
      status: 'failed',
      providerRef,
      reason: card.number === SANDBOX_CARDS.declined ? 'Your card was declined by your bank' : 'This card is not supported in the sandbox',
    };
  }
  const fingerprint = createHash('sha256').update(`sandbox:${card.number}`).digest('hex');
  return {
    status: 'successful',
    providerRef,
    token: tokenize ? `tok_sbx_${fingerprint.slice(0, 24)}` : null,
    brand: cardBrand(card.number),
    last4: card.number.slice(-4),
    fingerprint,
  };
}

/**
 * The sandbox acquirer: the success test card is approved, the declined one and any other card are
 * declined. Like a real acquirer it remembers each charge by reference (in the database, so across
 * restarts): charging a reference again returns the first result, and a status check of a
 * reference it never received says so.
 */
export function sandboxCardAcquirer(db: Db): CardAcquirer {
  const where = (reference: string) => and(eq(sandboxProviderCalls.provider, 'card'), eq(sandboxProviderCalls.reference, reference));
  const status = async (reference: string) => {
    const [row] = await db.select().from(sandboxProviderCalls).where(where(reference)).limit(1);
    return (row?.result as ChargeResult | undefined) ?? null;
  };
  // The amount is kept beside the result, for the settlement report.
  const remember = async (reference: string, amount: bigint, result: ChargeResult) => {
    await db
      .insert(sandboxProviderCalls)
      .values({ provider: 'card', reference, result: { ...result, amount: Number(amount) } })
      .onConflictDoNothing();
    return (await status(reference))!;
  };
  const settlements = async (day: string): Promise<SettlementLine[]> => {
    const bounds = lagosDayBounds(day);
    if (!bounds) return [];
    const rows = await db
      .select({ reference: sandboxProviderCalls.reference, result: sandboxProviderCalls.result })
      .from(sandboxProviderCalls)
      .where(
        and(
          eq(sandboxProviderCalls.provider, 'card'),
          gte(sandboxProviderCalls.createdAt, new Date(bounds.start)),
          lte(sandboxProviderCalls.createdAt, new Date(bounds.end)),
        ),
      );
    return rows.map(({ reference, result }) => ({
      reference,
      providerRef: String(result.providerRef ?? ''),
      amount: BigInt(Number(result.amount ?? 0)),
      status: result.status === 'successful' ? 'successful' : 'failed',
    }));
  };
  return {
    name: 'sandbox',
    charge: ({ reference, amount, card, tokenize }) => remember(reference, amount, sandboxDecide(reference, card, tokenize)),
    chargeToken: ({ reference, amount, token }) => {
      const providerRef = `SBXC-${reference}`;
      if (!token.startsWith('tok_sbx_'))
        return remember(reference, amount, { status: 'failed', providerRef, reason: 'This saved card can no longer be charged' });
      return remember(reference, amount, {
        status: 'successful',
        providerRef,
        token,
        brand: 'Visa',
        last4: SANDBOX_CARDS.success.slice(-4),
        fingerprint: token,
      });
    },
    status,
    settlements,
  };
}
