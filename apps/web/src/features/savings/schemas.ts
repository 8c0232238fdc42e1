import { z } from 'zod';
import { parseNairaToKobo } from '../../lib/money';
import { nairaAmount } from '../../lib/form-schemas';
import { lagosDay } from '@owo/contracts/format';

export const targetForm = z
  .object({
    name: z.string().trim().min(2, 'Give your target a name of at least 2 characters').max(60, 'Keep the name under 60 characters'),
    targetAmount: nairaAmount(100_000_000_000, '₦1,000,000,000.00'),
    targetDate: z
      .string()
      .min(1, 'Choose the date you want to reach it')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date')
      .refine((d) => d > lagosDay(), 'Choose a date after today'),
    autoSaveOn: z.boolean(),
    autoSaveAmount: z.string().trim(),
    frequency: z.enum(['daily', 'weekly', 'monthly']),
  })
  .superRefine((v, ctx) => {
    if (!v.autoSaveOn) return;
    const parsed = nairaAmount(100_000_000_000, '₦1,000,000,000.00').safeParse(v.autoSaveAmount);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['autoSaveAmount'], message: parsed.error.issues[0]?.message ?? 'Enter an amount' });
      return;
    }
    const each = parseNairaToKobo(v.autoSaveAmount) ?? 0;
    const target = parseNairaToKobo(v.targetAmount) ?? 0;
    if (target > 0 && each > target)
      ctx.addIssue({ code: 'custom', path: ['autoSaveAmount'], message: 'Each saving must not be more than the target' });
  });
export type TargetForm = z.infer<typeof targetForm>;

export const lockForm = z.object({
  amount: nairaAmount(),
  durationDays: z.string().min(1, 'Choose how long to lock it'),
  title: z
    .string()
    .trim()
    .max(60, 'Keep the title under 60 characters')
    .refine((t) => t.length === 0 || t.length >= 2, 'Use at least 2 characters'),
});
export type LockForm = z.infer<typeof lockForm>;
