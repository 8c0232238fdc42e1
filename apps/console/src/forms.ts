import { useCallback } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

// What the console's forms share (react-hook-form with the contracts' zod schemas): a field's
// message, and the server's refusal of a field put beside that field.

/** The message of a field's error (the schema's, or the server's), if any. */
export const fieldErrorText = <T extends FieldValues>(form: Pick<UseFormReturn<T, unknown, unknown>, 'formState'>, name: Path<T>) =>
  (get(form.formState.errors, name) as { message?: string } | undefined)?.message;

/**
 * A mutation's `onError` that puts the server's per-field messages (a 400's `errors`) beside the
 * fields named; the form's alert shows any other refusal.
 */
export function useServerErrors<T extends FieldValues>(form: Pick<UseFormReturn<T, unknown, unknown>, 'setError'>, fields: Path<T>[]) {
  const { setError } = form;
  const names = fields.join('\n');
  return useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiError)) return;
      const known = names.split('\n');
      for (const e of err.errors) if (known.includes(e.path)) setError(e.path as Path<T>, { type: 'server', message: e.message });
    },
    [setError, names],
  );
}
