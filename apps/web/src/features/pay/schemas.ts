import { z } from 'zod';
import { nairaAmount, pin } from '../../lib/form-schemas';

export const narration = z.string().trim().max(100, 'Keep the narration under 100 characters');
export const bankCode = z.string().min(1, 'Choose a bank');
export const accountNumber = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Account number is 10 digits');

export const sendForm = z.object({ amount: nairaAmount(), narration });
export type SendForm = z.infer<typeof sendForm>;

export const bankForm = z.object({ bankCode, accountNumber, amount: nairaAmount(), narration });
export type BankForm = z.infer<typeof bankForm>;

const thisYear = new Date().getFullYear();
export const cardForm = z
  .object({
    number: z
      .string()
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the long number on the front of your card')),
    expiryMonth: z
      .string()
      .trim()
      .regex(/^(0?[1-9]|1[0-2])$/, 'Month is 1 to 12'),
    expiryYear: z
      .string()
      .trim()
      .regex(/^(\d{2}|\d{4})$/, 'Year like 28 or 2028')
      .transform((y) => (y.length === 2 ? 2000 + Number(y) : Number(y)))
      .refine((y) => y >= thisYear && y <= thisYear + 20, 'Check the year'),
    cvv: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'CVV is 3 or 4 digits'),
    amount: nairaAmount(),
    saveCard: z.boolean(),
  })
  .refine(
    (v) => {
      const now = new Date();
      return v.expiryYear > now.getFullYear() || Number(v.expiryMonth) >= now.getMonth() + 1;
    },
    { message: 'This card has expired', path: ['expiryMonth'] },
  );
export type CardFormInput = z.input<typeof cardForm>;
export type CardFormOutput = z.output<typeof cardForm>;

export const fundBankForm = z.object({ bankCode, accountNumber, amount: nairaAmount() });
export type FundBankForm = z.infer<typeof fundBankForm>;

export const savedCardForm = z.object({ cardId: z.string().min(1, 'Choose a card'), amount: nairaAmount(), pin });
export type SavedCardForm = z.infer<typeof savedCardForm>;

export const limitForm = z.object({ dailyLimit: nairaAmount(100_000_000_000, '₦1,000,000,000.00'), pin });
export type LimitForm = z.infer<typeof limitForm>;
