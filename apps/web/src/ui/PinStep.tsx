import { type FormEvent, type ReactNode, type Ref, useRef } from 'react';
import { Button } from './Button';
import { CodeInput } from './CodeInput';

interface PinStepProps {
  /** The current PIN (controlled, so a wrong PIN can be cleared). */
  pin: string;
  onPinChange: (pin: string) => void;
  onSubmit: (pin: string) => void;
  onBack?: () => void;
  /** What is being approved, shown above the boxes. */
  children?: ReactNode;
  submitLabel?: string;
  backLabel?: string;
  loading?: boolean;
  /** Inline error under the form (e.g. a MoneyError). */
  error?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The "OTP modal" step: one input labelled "Transaction PIN" drawn as four boxes, then a confirm
 * button. Used inside a Sheet after the amount step.
 */
export function PinStep({
  pin,
  onPinChange,
  onSubmit,
  onBack,
  children,
  submitLabel = 'Confirm',
  backLabel = 'Back',
  loading,
  error,
  inputRef,
}: PinStepProps) {
  const own = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? own;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    if (!/^\d{4}$/.test(pin)) {
      if (ref && typeof ref === 'object') ref.current?.focus();
      return;
    }
    onSubmit(pin);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {children ? <div className="text-[15px] text-muted">{children}</div> : null}
      <CodeInput label="Transaction PIN" length={4} mask value={pin} onChange={onPinChange} autoFocus ref={ref} name="transactionPin" />
      {error}
      <div className={onBack ? 'grid grid-cols-2 gap-3' : 'flex'}>
        {onBack ? (
          <Button variant="outline" size="lg" onClick={onBack} disabled={loading}>
            {backLabel}
          </Button>
        ) : null}
        <Button type="submit" size="lg" block={!onBack} loading={loading} disabled={pin.length !== 4}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
