import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './Field';
import { formatNaira } from '@owo/contracts/format';
import { parseNairaToKobo } from '../lib/money';

interface AmountFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label?: string;
  error?: string;
  /** The current text (watched), echoed back formatted beside the label. Not the input's value. */
  typed?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Users type naira ("1,500.50"); the form converts it to kobo with parseNairaToKobo. A longer
 * amount is echoed back formatted beside the label, so the hint under the field (the wallet
 * balance) stays in view while typing.
 */
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
      hint={hint}
      trailingLabel={
        echo ? (
          <span className="truncate text-sm font-semibold text-muted tabular-nums" data-testid="amount-echo">
            {echo}
          </span>
        ) : undefined
      }
      className="text-lg font-semibold tabular-nums"
      {...rest}
    />
  );
}

/** "Wallet balance: ₦…" under an amount that leaves the wallet. */
export function balanceHint(kobo: number | undefined): string | undefined {
  return kobo === undefined ? undefined : `Wallet balance: ${formatNaira(kobo)}`;
}
