import { BadgeCheck, CircleAlert, MapPin } from 'lucide-react';
import { errorMessage } from '../../api/client';
import { Spinner } from '../../ui/Spinner';
import type { useCustomerCheck } from './queries';

/** Under the meter, smartcard or betting ID: who it belongs to, or why it could not be found. */
export function CustomerStatus({ check, noun }: { check: ReturnType<typeof useCustomerCheck>; noun: string }) {
  if (!check.ready) return null;
  return (
    <div aria-live="polite" className="-mt-2">
      {check.waiting || (check.isFetching && !check.data) ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="scale-75" /> Checking {noun}…
        </p>
      ) : check.isError ? (
        <p className="flex items-start gap-2 text-sm text-danger-fg" role="alert">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {errorMessage(check.error, `We couldn't check this ${noun}. Try again.`)}
        </p>
      ) : check.data ? (
        <div className="flex items-start gap-2 rounded-xl bg-brand-soft px-3 py-2 text-sm text-brand-fg" role="status">
          <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold" data-testid="customer-name">
              {check.data.customerName}
            </p>
            {check.data.address ? (
              <p className="mt-0.5 flex items-start gap-1 text-xs text-brand-fg/80">
                <MapPin className="mt-px size-3 shrink-0" aria-hidden="true" />
                {check.data.address}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
