import type { BillCategory } from '@owo/contracts';
import { toE164 } from '../../lib/phone';

export interface BillTypeConfig {
  id: BillCategory;
  label: string;
  /** Networks are named by shortName ("MTN"); everyone else by name ("Ikeja Electric"). */
  providerName: 'shortName' | 'name';
  /** The select's label; null when the type has no packages (airtime) or only one (betting). */
  packageLabel: 'Plan' | 'Bouquet' | 'Meter type' | null;
  /** True when packages are loaded (betting: one package, picked automatically). */
  hasPackages: boolean;
  numberLabel: 'Phone number' | 'Meter number' | 'Smartcard number' | 'Betting ID';
  numberPlaceholder: string;
  inputMode: 'tel' | 'numeric' | 'text';
  maxLength: number;
  /** Allowed characters while typing. */
  clean: (raw: string) => string;
  /** True once the number is complete enough to check (and to pay). */
  isComplete: (n: string) => boolean;
  invalidText: string;
  /** The user types an amount (kobo limits); null when the package sets the price. */
  amount: { min: number; max: number } | null;
  /** Check the customer (name, and address for a meter) before paying. */
  validates: boolean;
}

const digits = (max: number) => (raw: string) => raw.replace(/\D/g, '').slice(0, max);

/** Airtime and data are bought for a phone number. */
const PHONE_NUMBER = {
  providerName: 'shortName',
  numberLabel: 'Phone number',
  numberPlaceholder: '0803 000 0000',
  inputMode: 'tel',
  maxLength: 14,
  clean: (raw: string) => raw.replace(/[^\d+\s]/g, '').slice(0, 16),
  isComplete: (n: string) => toE164(n) !== null,
  invalidText: 'Enter a Nigerian phone number like 0803 000 0000',
  validates: false,
} as const satisfies Partial<BillTypeConfig>;

export const BILL_TYPES: readonly BillTypeConfig[] = [
  { id: 'airtime', label: 'Airtime', ...PHONE_NUMBER, packageLabel: null, hasPackages: false, amount: { min: 5_000, max: 5_000_000 } },
  { id: 'data', label: 'Data', ...PHONE_NUMBER, packageLabel: 'Plan', hasPackages: true, amount: null },
  {
    id: 'electricity',
    label: 'Electricity',
    providerName: 'name',
    packageLabel: 'Meter type',
    hasPackages: true,
    numberLabel: 'Meter number',
    numberPlaceholder: '11 digits',
    inputMode: 'numeric',
    maxLength: 13,
    clean: digits(13),
    isComplete: (n) => /^\d{11,13}$/.test(n),
    invalidText: 'A meter number has 11 to 13 digits',
    amount: { min: 100_000, max: 50_000_000 },
    validates: true,
  },
  {
    id: 'tv',
    label: 'TV',
    providerName: 'name',
    packageLabel: 'Bouquet',
    hasPackages: true,
    numberLabel: 'Smartcard number',
    numberPlaceholder: '10 digits',
    inputMode: 'numeric',
    maxLength: 12,
    clean: digits(12),
    isComplete: (n) => /^\d{10,12}$/.test(n),
    invalidText: 'A smartcard or IUC number has 10 to 12 digits',
    amount: null,
    validates: true,
  },
  {
    id: 'betting',
    label: 'Betting',
    providerName: 'name',
    packageLabel: null,
    hasPackages: true,
    numberLabel: 'Betting ID',
    numberPlaceholder: 'Your account or user ID',
    inputMode: 'text',
    maxLength: 12,
    clean: (raw) => raw.replace(/[^A-Za-z0-9]/g, '').slice(0, 12),
    isComplete: (n) => /^[A-Za-z0-9]{4,12}$/.test(n),
    invalidText: 'A betting ID has 4 to 12 letters or digits',
    amount: { min: 10_000, max: 50_000_000 },
    validates: true,
  },
];

/** Spec: the default bill type is 'Airtime'. */
export const DEFAULT_BILL_TYPE: BillCategory = 'airtime';

export function billType(id: string | null | undefined): BillTypeConfig {
  return BILL_TYPES.find((t) => t.id === id) ?? BILL_TYPES[0]!;
}

/** The number as it is sent: phones without spaces in the national 0803… form, others as typed. */
export function wireNumber(type: BillTypeConfig, n: string): string {
  if (type.numberLabel !== 'Phone number') return n.trim();
  const e164 = toE164(n);
  return e164 ? `0${e164.slice(4)}` : n.replace(/\s/g, '');
}

/** True once the number typed is complete enough to check (and to pay). */
export function isNumberComplete(type: BillTypeConfig, n: string): boolean {
  return type.isComplete(type.numberLabel === 'Phone number' ? n : wireNumber(type, n));
}

/** Phones as "0803 111 2233"; meters, smartcards and betting IDs are shown as they are. */
export function displayNumber(type: BillTypeConfig, n: string): string {
  if (type.numberLabel !== 'Phone number') return n;
  const e164 = toE164(n);
  if (!e164) return n;
  const national = `0${e164.slice(4)}`;
  return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
}
