import { createHash } from 'node:crypto';
import type { Biller } from './catalogue.js';

export type VendResult = { status: 'successful' | 'pending' | 'failed'; token?: string; reason?: string };

/** Bill vending: customer checks and purchases. */
export interface BillVendor {
  readonly name: string;
  validate(b: Biller, customerNumber: string, packageId?: string): Promise<{ customerName: string; address: string | null } | null>;
  vend(p: { reference: string; biller: Biller; customerNumber: string; packageId?: string; amount: bigint }): Promise<VendResult>;
  status(p: { reference: string; biller: Biller; customerNumber: string }): Promise<VendResult>;
}

/** Documented sandbox customer numbers. */
export const SANDBOX_BILLS = {
  invalidMeter: '00000000000',
  invalidSmartcard: '0000000000',
  failsSuffix: '9999',
  slowSuffix: '7777',
} as const;

const NAMES = [
  'Adewale Johnson',
  'Chioma Eze',
  'Yusuf Bello',
  'Grace Okafor',
  'Samuel Etim',
  'Hauwa Sani',
  'Kunle Ogunleye',
  'Blessing Nnamdi',
];
const STREETS = [
  '12 Allen Avenue, Ikeja',
  '4 Adeola Odeku St, Victoria Island',
  '27 Aminu Kano Cres, Wuse 2',
  '9 Ring Road, Ibadan',
  '15 Ogui Road, Enugu',
  '3 Aba Road, Port Harcourt',
];
const pick = <T>(list: readonly T[], key: string) =>
  list[parseInt(createHash('sha256').update(key).digest('hex').slice(0, 8), 16) % list.length]!;

/** A 20-digit token in groups of four, as distribution companies issue them. */
const electricityToken = (reference: string) => {
  const digits = BigInt(`0x${createHash('sha256').update(`token:${reference}`).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(20, '0')
    .slice(0, 20);
  return digits.match(/.{4}/g)!.join('-');
};

/**
 * The sandbox vendor: meters are 11 digits, smartcards 10; the documented invalid numbers are not
 * found; a number ending in 9999 fails to vend (the money comes back); one ending in 7777 vends
 * slowly (pending until a status check).
 */
export const sandboxVendor: BillVendor = {
  name: 'sandbox',
  async validate(b, customerNumber) {
    if (b.category === 'electricity') {
      if (!/^\d{11}$/.test(customerNumber) || customerNumber === SANDBOX_BILLS.invalidMeter) return null;
      return { customerName: pick(NAMES, customerNumber), address: pick(STREETS, `addr:${customerNumber}`) };
    }
    if (b.category === 'tv') {
      if (!/^\d{10}$/.test(customerNumber) || customerNumber === SANDBOX_BILLS.invalidSmartcard) return null;
      return { customerName: pick(NAMES, customerNumber), address: null };
    }
    if (b.category === 'betting') {
      if (!/^[A-Za-z0-9]{4,12}$/.test(customerNumber)) return null;
      return { customerName: pick(NAMES, customerNumber), address: null };
    }
    return { customerName: customerNumber, address: null };
  },
  async vend(p) {
    if (p.customerNumber.endsWith(SANDBOX_BILLS.failsSuffix))
      return { status: 'failed', reason: `${p.biller.name} could not complete this purchase. Your money has been returned.` };
    if (p.customerNumber.endsWith(SANDBOX_BILLS.slowSuffix)) return { status: 'pending' };
    return { status: 'successful', ...(p.biller.category === 'electricity' ? { token: electricityToken(p.reference) } : {}) };
  },
  async status(p) {
    if (p.customerNumber.endsWith(SANDBOX_BILLS.failsSuffix))
      return { status: 'failed', reason: `${p.biller.name} could not complete this purchase. Your money has been returned.` };
    return { status: 'successful', ...(p.biller.category === 'electricity' ? { token: electricityToken(p.reference) } : {}) };
  },
};
