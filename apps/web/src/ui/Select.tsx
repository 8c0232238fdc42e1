import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { FieldShell, inputClasses } from './Field';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A native <select> (options and optgroups stay fully accessible) in the Field style. */
export function SelectField({ label, error, hint, id, className, ref, children, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint}>
      <div className="relative">
        <select
          id={selectId}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : hint ? `${selectId}-hint` : undefined}
          className={cn(inputClasses(Boolean(error)), 'appearance-none pr-11', className)}
          {...rest}
        >
          {children}
        </select>
        <ChevronDown className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-subtle" aria-hidden="true" />
      </div>
    </FieldShell>
  );
}

/** The `<option>`s of a list of choices: each one's name, its id as the value. */
export function Options({ items }: { items: ReadonlyArray<{ id: string; name: string }> | undefined }) {
  return items?.map((o) => (
    <option key={o.id} value={o.id}>
      {o.name}
    </option>
  ));
}
