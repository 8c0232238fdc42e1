import { z } from 'zod';
import { parseNairaToKobo } from './money';

/** Form pieces shared by every money form (kept apart from lib/money so the first screens load no zod). */

export const MIN_KOBO = 100;
export const MAX_KOBO = 1_000_000_000;

/**
 * A naira amount as typed; converted to kobo with parseNairaToKobo (never floating point). `tooMuch`
 * replaces the words said above `max` (say, what the wallet holds).
 */
export const nairaAmount = (max = MAX_KOBO, maxText = '₦10,000,000.00', tooMuch = `The largest amount is ${maxText}`) =>
  z
    .string()
    .trim()
    .min(1, 'Enter an amount')
    .refine((v) => parseNairaToKobo(v) !== null, 'Enter an amount like 1,500 or 1500.50')
    .refine((v) => (parseNairaToKobo(v) ?? 0) >= MIN_KOBO, 'The smallest amount is ₦1.00')
    .refine((v) => (parseNairaToKobo(v) ?? 0) <= max, tooMuch);

export const pin = z.string().regex(/^\d{4}$/, 'Enter your 4-digit PIN');
