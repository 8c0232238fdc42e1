import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { errorMessage } from '../../api/client';
import { walletApi } from '../../api/wallet';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { useBanks } from '../wallet';

interface BankSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** "Account number": ten digits; anything else typed is dropped as you type. */
export function AccountNumberField({ error, ...registration }: UseFormRegisterReturn & { error?: string }) {
  return (
    <Field
      label="Account number"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder="10 digits"
      error={error}
      {...registration}
      onChange={(e) => {
        e.target.value = e.target.value.replace(/\D/g, '').slice(0, 10);
        void registration.onChange(e);
      }}
    />
  );
}

/** "Bank": a native select grouped by category with <optgroup>. */
export function BankSelect({ error, ...rest }: BankSelectProps) {
  const banks = useBanks();
  if (banks.isError) {
    return (
      <div className="flex flex-col gap-1.5">
        <SelectField label="Bank" disabled error={errorMessage(banks.error, "We couldn't load the list of banks.")} {...rest}>
          <option value="">Banks unavailable</option>
        </SelectField>
        <Button variant="ghost" size="sm" className="self-start" onClick={() => void banks.refetch()}>
          Reload banks
        </Button>
      </div>
    );
  }
  return (
    <SelectField label="Bank" error={error} disabled={banks.isPending} aria-busy={banks.isPending || undefined} {...rest}>
      <option value="">{banks.isPending ? 'Loading banks…' : 'Choose a bank'}</option>
      {banks.data?.map((group) => (
        <optgroup key={group.category} label={group.category}>
          {group.banks.map((b) => (
            <option key={`${group.category}-${b.code}`} value={b.code}>
              {b.name}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}

/** Name enquiry once a bank is chosen and the number has 10 digits. */
export function useAccountName(bankCode: string, accountNumber: string) {
  const ready = Boolean(bankCode) && /^\d{10}$/.test(accountNumber);
  const query = useQuery({
    queryKey: ['verify-account', bankCode, accountNumber],
    queryFn: async ({ signal }) => (await walletApi.verifyAccount(bankCode, accountNumber, signal)).data,
    enabled: ready,
    retry: false,
    staleTime: 10 * 60_000,
  });
  return { ...query, ready };
}

/** Shows the resolved account name (or why it could not be found) under the account number. */
export function AccountNameStatus({ lookup }: { lookup: ReturnType<typeof useAccountName> }) {
  if (!lookup.ready) return null;
  return (
    <div aria-live="polite" className="-mt-2">
      {lookup.isFetching && !lookup.data ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="scale-75" /> Checking account…
        </p>
      ) : lookup.isError ? (
        <p className="flex items-start gap-2 text-sm text-danger-fg" role="alert">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {errorMessage(lookup.error, "We couldn't check this account. Try again.")}
        </p>
      ) : lookup.data ? (
        <p className="flex items-center gap-2 rounded-xl bg-brand-soft px-3 py-2 text-sm text-brand-fg" role="status">
          <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />
          <span className="font-semibold" data-testid="account-name">
            {lookup.data.accountName}
          </span>
        </p>
      ) : null}
    </div>
  );
}
