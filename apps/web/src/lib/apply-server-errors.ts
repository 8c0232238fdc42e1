import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/** Puts the server's per-field validation errors next to the matching inputs. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>): void {
  if (!(err instanceof ApiError)) return;
  for (const e of err.errors) {
    const field = fields.find((f) => f === e.path);
    if (field) setError(field, { type: 'server', message: e.message.replace(/^body \w+: /, '') });
  }
}
