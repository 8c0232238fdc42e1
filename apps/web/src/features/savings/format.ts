/** 2027-02-22 or an ISO instant -> "22 Feb 2027" (date-only strings are read as local dates). */
export function formatDate(value: string, opts: { year?: boolean } = {}): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(opts.year === false ? {} : { year: 'numeric' }) });
}

/** Today (local) as YYYY-MM-DD, optionally shifted by whole days. */
export function isoDay(offsetDays = 0, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const FREQUENCY_LABELS = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;
export const FREQUENCY_WORDS = { daily: 'every day', weekly: 'every week', monthly: 'every month' } as const;
