import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId, useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '../lib/cn';

export const inputClasses = (invalid: boolean) =>
  cn(
    'block w-full min-h-12 rounded-2xl border bg-surface px-4 text-base text-fg placeholder:text-subtle',
    'transition-colors outline-none focus:border-brand-fg focus:ring-4 focus:ring-brand-fg/15',
    'disabled:opacity-60',
    invalid ? 'border-danger-fg' : 'border-line',
  );

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  trailingLabel?: ReactNode;
}

export function FieldShell({ id, label, error, hint, children, trailingLabel }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {trailingLabel}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger-fg">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  trailingLabel?: ReactNode;
  /** Adds a show/hide toggle for password inputs. */
  revealable?: boolean;
}

export function Field({ label, error, hint, id, className, ref, trailingLabel, revealable, type, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [revealed, setRevealed] = useState(false);
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  const input = (
    <input
      id={inputId}
      ref={ref}
      type={revealable && revealed ? 'text' : type}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={cn(inputClasses(Boolean(error)), revealable && 'pr-14', className)}
      {...rest}
    />
  );
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} trailingLabel={trailingLabel}>
      {revealable ? (
        <div className="relative">
          {input}
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-2xl text-muted hover:text-fg"
            aria-label={revealed ? 'Hide' : 'Show'}
            aria-controls={inputId}
            title={revealed ? 'Hide' : 'Show'}
            aria-pressed={revealed}
          >
            {revealed ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
          </button>
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, id, className, ref, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <textarea
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        className={cn(inputClasses(Boolean(error)), 'min-h-24 resize-none py-3', className)}
        {...rest}
      />
    </FieldShell>
  );
}
