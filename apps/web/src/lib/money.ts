const NAIRA = '\u20A6';

/**
 * Formats an integer amount of kobo as naira, e.g. 123456 -> "₦1,234.56".
 * Works on bigint too so large balances keep every kobo.
 */
export function formatNaira(kobo: number | bigint, opts: { sign?: boolean } = {}): string {
  const value = typeof kobo === 'bigint' ? kobo : BigInt(Math.round(kobo));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const naira = abs / 100n;
  const rest = abs % 100n;
  const grouped = naira.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${NAIRA}${grouped}.${rest.toString().padStart(2, '0')}`;
  if (negative) return `-${text}`;
  return opts.sign && value > 0n ? `+${text}` : text;
}

/**
 * Parses a naira string typed by a user ("1,234.5") into integer kobo without floating point: the
 * whole and fractional parts are read as separate integers. Null when it is not an amount (letters,
 * more than two decimals, or too large to hold exactly).
 */
export function parseNairaToKobo(input: string): number | null {
  const clean = input.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(clean) && !/^\.\d{1,2}$/.test(clean)) return null;
  const [whole = '', frac = ''] = clean.split('.');
  const kobo = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/** Kobo as a plain naira string for an input's value: 150050 -> "1500.50", 200000 -> "2000". */
export function koboToNairaInput(kobo: number): string {
  const whole = Math.trunc(kobo / 100);
  const rest = Math.abs(kobo % 100);
  return rest ? `${whole}.${String(rest).padStart(2, '0')}` : String(whole);
}
