import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Inline error summary under a form (role=alert so it is announced). */
export function FormAlert({ message, children }: { message: string | null | undefined; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-2xl bg-danger-soft p-4 text-sm text-danger-fg">
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <p className="font-medium">{message}</p>
        {children}
      </div>
    </div>
  );
}
