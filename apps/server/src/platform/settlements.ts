import { RECON_SOURCES, type ReconSource } from '@owo/contracts';
import { z } from 'zod';

/**
 * A provider's settlement report: what it settled on a Lagos day for one source (card charges,
 * direct debits, inbound transfers, payouts, bill vends), one line per payment, by our reference.
 * The operator console's reconciliation matches the lines with the ledger (services/staff).
 */
export type SettlementLine = {
  /** Our payment's reference, as we sent it (an inbound transfer's is `VA` + the provider's event id). */
  reference: string;
  providerRef: string | null;
  /** Kobo. */
  amount: bigint;
  status: 'successful' | 'failed' | 'reversed' | 'pending';
  /** An inbound transfer's virtual account number (whose wallet it was for). */
  accountNumber?: string | null;
};

export interface SettlementReports {
  readonly name: string;
  /** The day's lines for a source; null when this provider gives no report for it. */
  report(source: ReconSource, day: string): Promise<SettlementLine[] | null>;
}

const lineSchema = z.object({
  reference: z.string().min(1).max(64),
  providerRef: z.string().max(128).nullable().optional(),
  amount: z.number().int().positive(),
  status: z.enum(['successful', 'failed', 'reversed', 'pending']),
  accountNumber: z.string().max(20).nullable().optional(),
});
const reportSchema = z.object({ lines: z.array(lineSchema) });

/**
 * The settlement reports of an HTTP service: `GET {url}/settlements/{source}?date=YYYY-MM-DD` with the
 * API key as a bearer token, answering `{ lines: [...] }` (amounts in kobo); 404 means no report for
 * that source. A malformed answer is refused as a whole, so a run never matches half a report.
 */
export function httpSettlementReports(url: string, apiKey: string | null, timeoutMs = 15_000): SettlementReports {
  const base = url.replace(/\/+$/, '');
  return {
    name: 'http',
    async report(source, day) {
      const res = await fetch(`${base}/settlements/${encodeURIComponent(source)}?date=${encodeURIComponent(day)}`, {
        headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`The settlement service answered ${res.status} for ${source} on ${day}`);
      const parsed = reportSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new Error(`The settlement service's report for ${source} on ${day} is malformed`);
      return parsed.data.lines.map((l) => ({
        reference: l.reference,
        providerRef: l.providerRef ?? null,
        amount: BigInt(l.amount),
        status: l.status,
        accountNumber: l.accountNumber ?? null,
      }));
    },
  };
}

/** Reports assembled from the sandbox providers that keep books (`bySource`); the others give none. */
export function sandboxSettlementReports(
  bySource: Partial<Record<ReconSource, (day: string) => Promise<SettlementLine[]>>>,
): SettlementReports {
  return {
    name: 'sandbox',
    report: async (source, day) => {
      if (!RECON_SOURCES.includes(source)) return null;
      return (await bySource[source]?.(day)) ?? null;
    },
  };
}
