import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { nairaAmount } from '../lib/form-schemas';
import { parseNairaToKobo } from '../lib/money';
import { AmountField } from './AmountField';
import { Button } from './Button';

type AmountStepProps = {
  /** What the money is for, above the field. */
  children?: ReactNode;
  /** The amount's rule; the shared naira amount (₦1 to ₦10,000,000) unless given another. */
  amount?: z.ZodType<string, string>;
  /** The text the field starts with (the amount owed, or what was typed before going back). */
  initial?: string;
  hint?: string;
  submitLabel?: string;
  /** Called with the amount in kobo once it passes the rule. */
  onContinue: (kobo: number) => void;
};

/**
 * The first step of a money sheet (top up, repay, move to wallet): how much, checked by the
 * contracts' naira rule through react-hook-form, then Continue to the PIN.
 */
export function AmountStep({
  children,
  amount = nairaAmount(),
  initial = '',
  hint,
  submitLabel = 'Continue',
  onContinue,
}: AmountStepProps) {
  const { register, handleSubmit, watch, formState } = useForm<{ amount: string }>({
    resolver: zodResolver(z.object({ amount })),
    defaultValues: { amount: initial },
  });
  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={handleSubmit((v) => onContinue(parseNairaToKobo(v.amount) ?? 0))}>
      {children}
      <AmountField autoFocus typed={watch('amount')} hint={hint} error={formState.errors.amount?.message} {...register('amount')} />
      <Button type="submit" size="lg" block>
        {submitLabel}
      </Button>
    </form>
  );
}
