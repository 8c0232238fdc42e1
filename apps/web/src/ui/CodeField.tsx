import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { CodeInput } from './CodeInput';

interface CodeFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  length: number;
  /** Hide the digits (PINs). */
  mask?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  /** An error the form does not hold itself (shown when the field has none). */
  error?: string;
  /** Called after the form takes a new value. */
  onValueChange?: (value: string) => void;
}

/** A CodeInput (PIN or one-time code) bound to a react-hook-form field. */
export function CodeField<T extends FieldValues>({
  control,
  name,
  label,
  length,
  mask,
  autoComplete,
  autoFocus,
  error,
  onValueChange,
}: CodeFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CodeInput
          label={label}
          length={length}
          mask={mask}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          error={fieldState.error?.message ?? error}
          name={field.name}
          value={String(field.value ?? '')}
          onChange={(v) => {
            field.onChange(v);
            onValueChange?.(v);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}
