import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from '../../ui/Field';
import { formatNaira, parseNairaToKobo } from '../../lib/money';

interface AmountFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label?: string;
  error?: string;
  /** The current text (watched), echoed back formatted as a hint. Not the input's value. */
  typed?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Users type naira ("1,500.50"); the form converts it to kobo with parseNairaToKobo. */
export function AmountField({ label = 'Amount (₦)', error, typed, hint, ...rest }: AmountFieldProps) {
  const kobo = typed ? parseNairaToKobo(typed) : null;
  const echo = kobo !== null && kobo > 0 && /[.,]|\d{4,}/.test(typed ?? '') ? formatNaira(kobo) : undefined;
  return (
    <Field
      label={label}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      error={error}
      hint={echo ?? hint}
      className="text-lg font-semibold tabular-nums"
      {...rest}
    />
  );
}

/** "Wallet balance: ₦…" under an amount that leaves the wallet. */
export function balanceHint(kobo: number | undefined): string | undefined {
  return kobo === undefined ? undefined : `Wallet balance: ${formatNaira(kobo)}`;
}
