import type { ComponentProps } from 'react';
import { Field } from '../../ui/Field';

type FieldProps = ComponentProps<typeof Field>;

/** A password being chosen: hidden with a show button, offered to password managers as new, with its rules under it. */
export function NewPasswordField({
  label = 'New password',
  ...rest
}: Omit<FieldProps, 'label' | 'type' | 'autoComplete' | 'revealable' | 'hint'> & { label?: string }) {
  return (
    <Field
      label={label}
      type="password"
      autoComplete="new-password"
      revealable
      hint="At least 8 characters, with a letter and a number."
      {...rest}
    />
  );
}
