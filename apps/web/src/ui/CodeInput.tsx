import { type Ref, useId, useState } from 'react';
import { cn } from '../lib/cn';
import { FieldShell } from './Field';

interface CodeInputProps {
  label: string;
  length: number;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
  hint?: string;
  /** Hide digits (PINs): renders dots and uses type=password. */
  mask?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * One real input (so it has one label and works with autofill and paste) drawn as a row of boxes.
 */
export function CodeInput({
  label,
  length,
  value,
  onChange,
  onBlur,
  name,
  error,
  hint,
  mask,
  autoComplete,
  autoFocus,
  disabled,
  ref,
}: CodeInputProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const chars = value.slice(0, length).split('');
  const active = Math.min(chars.length, length - 1);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <div className="flex gap-2" aria-hidden="true">
          {Array.from({ length }, (_, i) => {
            const ch = chars[i];
            return (
              <span
                key={i}
                className={cn(
                  'flex h-14 flex-1 items-center justify-center rounded-2xl border bg-surface text-2xl font-semibold tabular-nums transition-colors',
                  error ? 'border-danger-fg' : 'border-line',
                  focused && i === active && 'border-brand-fg ring-4 ring-brand-fg/15',
                )}
              >
                {ch ? (
                  mask ? (
                    <span className="size-3 rounded-full bg-fg" />
                  ) : (
                    ch
                  )
                ) : focused && i === active ? (
                  <span className="h-6 w-0.5 animate-pulse bg-brand-fg" />
                ) : null}
              </span>
            );
          })}
        </div>
        <input
          id={id}
          ref={ref}
          name={name}
          type={mask ? 'password' : 'text'}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={autoComplete ?? (mask ? 'off' : 'one-time-code')}
          maxLength={length}
          value={value}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, length))}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            onBlur?.();
          }}
          className="absolute inset-0 h-full w-full cursor-text rounded-2xl bg-transparent text-transparent caret-transparent opacity-0 outline-none"
        />
      </div>
    </FieldShell>
  );
}
