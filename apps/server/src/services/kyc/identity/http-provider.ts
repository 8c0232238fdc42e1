import { IdentityNotFound, IdentityUnavailable, type IdentityKind, type IdentityProvider, type IdentityRecord } from './provider.js';

/**
 * The real adapter, in the shape of a Nigerian KYC provider's HTTP API (Dojah's lookups):
 *   GET {base}/api/v1/kyc/bvn/full?bvn=<11 digits>   GET {base}/api/v1/kyc/nin?nin=<11 digits>
 * with headers AppId and Authorization (the secret key); 200 answers
 * `{ entity: { first_name, middle_name, last_name, date_of_birth } }`, 404 (or 400 with an empty
 * entity) means not found; anything else, or no answer within the timeout, is unavailable.
 * KYC_PROVIDER_URL is the base; KYC_PROVIDER_KEY is `<app id>:<secret key>`. The number goes in
 * the query string to the provider only; it is never logged here.
 */
export function httpIdentityProvider(opts: { url: string; apiKey: string; timeoutMs?: number; fetch?: typeof fetch }): IdentityProvider {
  const [appId, secret] = opts.apiKey.includes(':') ? opts.apiKey.split(':', 2) : ['', opts.apiKey];
  const doFetch = opts.fetch ?? fetch;
  const base = opts.url.replace(/\/+$/, '');
  return {
    async lookup(kind: IdentityKind, number: string): Promise<IdentityRecord> {
      const path = kind === 'bvn' ? `/api/v1/kyc/bvn/full?bvn=${number}` : `/api/v1/kyc/nin?nin=${number}`;
      let res: Response;
      try {
        res = await doFetch(base + path, {
          headers: { AppId: appId!, Authorization: secret!, Accept: 'application/json' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new IdentityUnavailable((err as Error).name === 'TimeoutError' ? 'timed out' : 'no answer');
      }
      if (res.status === 404) throw new IdentityNotFound();
      if (!res.ok) throw new IdentityUnavailable(`status ${res.status}`);
      const body = (await res.json().catch(() => null)) as { entity?: Record<string, unknown> } | null;
      const e = body?.entity;
      if (!e || typeof e.first_name !== 'string' || typeof e.last_name !== 'string') throw new IdentityNotFound();
      const middle = typeof e.middle_name === 'string' && e.middle_name.trim() ? e.middle_name : null;
      return {
        firstName: e.first_name,
        middleName: middle,
        lastName: e.last_name,
        dateOfBirth: normaliseDate(String(e.date_of_birth ?? '')),
      };
    },
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Registries write dates as 1990-01-31, 31-01-1990, 31/01/1990 or 31-Jan-1990: always YYYY-MM-DD back. */
export function normaliseDate(raw: string): string {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    if (month > 0) return `${m[3]}-${String(month).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  }
  return s;
}
