/**
 * How money and dates read to people, for the web app and the server's own texts (error messages,
 * emails, statements) alike: naira from integer kobo, and dates and times in Lagos time (WAT),
 * both through Intl in the en-NG locale.
 *
 * Imports nothing, so a screen that only formats pulls in no schemas (the web app imports this file
 * on its own, as `@owo/contracts/format`).
 */

export const LAGOS_TIME_ZONE = 'Africa/Lagos';
export const LOCALE = 'en-NG';

export interface NairaOptions {
  /** "+₦25.50" for money in (zero and negatives are unchanged). */
  sign?: boolean;
  /** "NGN 1,234.56" instead of "₦1,234.56" (for fonts without the naira sign, such as PDF's standard fonts). */
  code?: boolean;
  /** "₦500" rather than "₦500.00" when there are no kobo (quick-amount buttons). */
  trimZeroKobo?: boolean;
}

const nairaFormats = new Map<string, Intl.NumberFormat>();
function nairaFormat(o: NairaOptions, fraction: boolean): Intl.NumberFormat {
  const key = `${o.sign ? 1 : 0}${o.code ? 1 : 0}${fraction ? 1 : 0}`;
  let f = nairaFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'NGN',
      currencyDisplay: o.code ? 'code' : 'symbol',
      signDisplay: o.sign ? 'exceptZero' : 'auto',
      minimumFractionDigits: fraction ? 2 : 0,
      maximumFractionDigits: 2,
    });
    nairaFormats.set(key, f);
  }
  return f;
}

/**
 * Integer kobo as naira: 123456 -> "₦1,234.56", -2550 -> "-₦25.50". A bigint keeps every kobo of
 * any amount: the value goes to Intl as an exact decimal string, never as a float.
 */
export function formatNaira(kobo: number | bigint, opts: NairaOptions = {}): string {
  const value = typeof kobo === 'bigint' ? kobo : BigInt(Math.round(kobo));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rest = abs % 100n;
  const decimal = `${negative ? '-' : ''}${abs / 100n}.${rest.toString().padStart(2, '0')}`;
  const fraction = !(opts.trimZeroKobo && rest === 0n);
  // Intl takes an exact decimal string (ES2023); its types still say number.
  const text = nairaFormat(opts, fraction).format(decimal as unknown as number);
  // The code form has a no-break space after "NGN"; a plain one prints everywhere.
  return opts.code ? text.replace(/\u00a0/g, ' ') : text;
}

/**
 * How a date is shown, always in Lagos time:
 * - date: "22 Feb 2027"          - dayMonth: "22 Feb"
 * - dateTime: "22 Feb 2027, 3:04 pm"  - dayMonthTime: "22 Feb, 3:04 pm"
 * - time: "3:04 pm"              - monthYear: "February 2027"
 * - recent: the time for today (Lagos), else "22 Feb"
 * - recentTime: the time for today (Lagos), else "22 Feb, 3:04 pm"
 */
export type LagosDateStyle = 'date' | 'dayMonth' | 'dateTime' | 'dayMonthTime' | 'time' | 'monthYear' | 'recent' | 'recentTime';
type FixedStyle = Exclude<LagosDateStyle, 'recent' | 'recentTime'>;

// h12, not hour12: en-NG's 12-hour clock is h11, which writes 12:30 pm as "0:30 pm".
const time = { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } as const;
const STYLES: Record<FixedStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dayMonth: { day: 'numeric', month: 'short' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', ...time },
  dayMonthTime: { day: 'numeric', month: 'short', ...time },
  time,
  monthYear: { month: 'long', year: 'numeric' },
};

const dateFormats = new Map<FixedStyle | 'isoDay', Intl.DateTimeFormat>();
function dateFormat(style: FixedStyle | 'isoDay'): Intl.DateTimeFormat {
  let f = dateFormats.get(style);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = style === 'isoDay' ? { year: 'numeric', month: '2-digit', day: '2-digit' } : STYLES[style];
    f = new Intl.DateTimeFormat(style === 'isoDay' ? 'en-CA' : LOCALE, { ...options, timeZone: LAGOS_TIME_ZONE });
    dateFormats.set(style, f);
  }
  return f;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A Date, an epoch in ms, an ISO instant, or a calendar day "YYYY-MM-DD" (that day, wherever the reader is). */
export type DateInput = Date | number | string;

function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  // Noon UTC is the same calendar day in Lagos (UTC+1).
  if (typeof value === 'string' && DAY_ONLY.test(value)) return new Date(`${value}T12:00:00Z`);
  return new Date(value);
}

/** The calendar day in Lagos as "YYYY-MM-DD", optionally shifted by whole days. */
export function lagosDay(value: DateInput = new Date(), offsetDays = 0): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const day = dateFormat('isoDay').format(d);
  if (!offsetDays) return day;
  const shifted = new Date(`${day}T12:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + offsetDays);
  return shifted.toISOString().slice(0, 10);
}

/** The first and last instant of a Lagos calendar day "YYYY-MM-DD", as ISO instants (Lagos keeps UTC+1 all year). */
export function lagosDayBounds(day: string): { start: string; end: string } | null {
  if (!DAY_ONLY.test(day)) return null;
  const start = new Date(`${day}T00:00:00+01:00`);
  if (Number.isNaN(start.getTime())) return null;
  return { start: start.toISOString(), end: new Date(start.getTime() + 86_400_000 - 1).toISOString() };
}

/** A date in Lagos time in one of the app's styles; text that is not a date is returned as it is. */
export function formatLagosDate(value: DateInput, style: LagosDateStyle = 'date', now: DateInput = new Date()): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return typeof value === 'string' ? value : '';
  if (style === 'recent' || style === 'recentTime') {
    const today = lagosDay(d) === lagosDay(now);
    return dateFormat(today ? 'time' : style === 'recent' ? 'dayMonth' : 'dayMonthTime').format(d);
  }
  return dateFormat(style).format(d);
}
