import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { cn } from '../lib/cn';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with a large tap target; the label is its accessible name. */
export function Checkbox({ label, hint, id, className, ref, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={inputId}
        ref={ref}
        type="checkbox"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded-md accent-brand-600"
        {...rest}
      />
      <div className="flex min-w-0 flex-col">
        <label htmlFor={inputId} className="cursor-pointer text-[15px] font-medium text-fg">
          {label}
        </label>
        {hint ? (
          <p id={`${inputId}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
