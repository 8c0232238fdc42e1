/**
 * Display helpers for Nigerian phone numbers. Deliberately dependency-free so they can sit in the
 * first-route bundle; full validation (libphonenumber-js, Nigeria's metadata only: phone-valid.ts) is
 * loaded only by the forms that need it.
 */

/** Normalises common Nigerian forms (0803..., 803..., 234803..., +234803...) to E.164, or null. */
export function toE164(input: string): string | null {
  const digits = input.replace(/[^\d+]/g, '');
  let national: string | null = null;
  if (/^\+234\d{10}$/.test(digits)) national = digits.slice(4);
  else if (/^234\d{10}$/.test(digits)) national = digits.slice(3);
  else if (/^0\d{10}$/.test(digits)) national = digits.slice(1);
  else if (/^\d{10}$/.test(digits)) national = digits;
  if (!national || !/^[789]/.test(national)) return null;
  return `+234${national}`;
}

/** "+2348030000001" -> "+234 803 000 0001"; other inputs are returned unchanged. */
export function formatPhone(input: string): string {
  const e164 = toE164(input);
  if (!e164) return input;
  const n = e164.slice(4);
  return `+234 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
}

/** "+2348030000001" -> "+234 803 *** 0001" for places where the full number is not needed. */
export function maskPhone(input: string): string {
  const e164 = toE164(input);
  if (!e164) return input;
  const n = e164.slice(4);
  return `+234 ${n.slice(0, 3)} *** ${n.slice(6)}`;
}

/** True when the text looks like a phone number rather than an email. */
export function looksLikePhone(input: string): boolean {
  return !input.includes('@') && /^[+\d][\d\s-]{6,}$/.test(input.trim());
}
