import { formatNaira } from '@owo/contracts/format';

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

/** A fee of nothing reads "Free", on the payment result and the receipt alike. */
export const feeText = (fee: number) => (fee === 0 ? 'Free' : formatNaira(fee));
