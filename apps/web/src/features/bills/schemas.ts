import { formatNaira } from '@owo/contracts/format';
import { z } from 'zod';
import type { Biller } from '../../api/bills';
import { parseNairaToKobo } from '../../lib/money';
import { type BillTypeConfig, isNumberComplete } from './bill-types';

export interface BillFields {
  provider: Biller | null;
  /** The plan, bouquet or meter type ('' for none; betting and meter types are filled in by themselves). */
  packageId: string;
  number: string;
  /** Naira as typed; only for types where the user chooses the amount. */
  amount: string;
}

export const EMPTY_BILL: BillFields = { provider: null, packageId: '', number: '', amount: '' };

/** The problem with a typed amount for this bill type, or null (types priced by their package take none). */
export function amountProblem(type: BillTypeConfig, text: string): string | null {
  if (!type.amount) return null;
  if (!text.trim()) return 'Enter an amount';
  const kobo = parseNairaToKobo(text);
  if (kobo === null) return 'Enter an amount like 1,500 or 1500.50';
  if (kobo < type.amount.min) return `The smallest amount is ${formatNaira(type.amount.min)}`;
  if (kobo > type.amount.max) return `The largest amount is ${formatNaira(type.amount.max)}`;
  return null;
}

/** The bill form's rules for one bill type. */
export function billForm(type: BillTypeConfig) {
  return z.object({
    provider: z.custom<Biller | null>((b) => b !== null && b !== undefined, 'Choose a provider'),
    packageId: type.hasPackages && type.packageLabel ? z.string().min(1, `Choose a ${type.packageLabel.toLowerCase()}`) : z.string(),
    number: z.string().superRefine((n, ctx) => {
      if (!n.trim()) ctx.addIssue({ code: 'custom', message: `Enter the ${type.numberLabel.toLowerCase()}` });
      else if (!isNumberComplete(type, n)) ctx.addIssue({ code: 'custom', message: type.invalidText });
    }),
    amount: z.string().superRefine((text, ctx) => {
      const problem = amountProblem(type, text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}
