import type { UseFormReturn } from 'react-hook-form';
import { AmountField } from './AmountField';
import { Field } from './Field';

/** The fields every money-sending form has. */
export interface AmountNarration {
  amount: string;
  narration: string;
}

/** "Amount (₦)" (echoed back formatted, `hint` under it) and "Narration (optional)" of a react-hook-form money form. */
export function AmountNarrationFields<F extends AmountNarration>({
  form,
  hint,
  autoFocus,
}: {
  form: UseFormReturn<F>;
  hint?: string;
  autoFocus?: boolean;
}) {
  // F has both fields (the bound says so); react-hook-form's paths cannot see that through a generic.
  const { register, watch, formState } = form as unknown as UseFormReturn<AmountNarration>;
  return (
    <>
      <AmountField
        autoFocus={autoFocus}
        typed={watch('amount')}
        hint={hint}
        error={formState.errors.amount?.message}
        {...register('amount')}
      />
      <Field
        label="Narration (optional)"
        maxLength={100}
        placeholder="What's it for?"
        error={formState.errors.narration?.message}
        {...register('narration')}
      />
    </>
  );
}
