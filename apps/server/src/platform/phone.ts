import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { badRequest } from './errors.js';

/** Nigerian mobile numbers (the code goes by SMS) in any usual form become E.164 (+234...). */
export function toE164(input: string): string | null {
  const p = parsePhoneNumberFromString(input.trim(), 'NG');
  if (!p || !p.isValid()) return null;
  return p.number;
}

export function requireE164(input: string, field = 'phoneNumber'): string {
  const n = toE164(input);
  if (!n)
    throw badRequest('Enter a valid Nigerian phone number', 'PHONE_INVALID', [
      { path: field, message: 'Enter a valid Nigerian phone number' },
    ]);
  return n;
}

/** +2348031234567 -> +234 803 *** 4567, for messages and logs. */
export const maskPhone = (e164: string): string => (e164.length > 8 ? `${e164.slice(0, 7)}***${e164.slice(-4)}` : '***');
