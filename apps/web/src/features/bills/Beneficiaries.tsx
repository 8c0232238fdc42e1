import { useMutation, useQueryClient } from '@tanstack/react-query';
import { History, X } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../lib/toast';
import { type BillBeneficiary, billsApi } from '../../api/bills';
import { cn } from '../../lib/cn';
import { Spinner } from '../../ui/Spinner';
import { toastError } from '../../lib/errors';
import { type BillTypeConfig, displayNumber } from './bill-types';
import { billKeys, useBeneficiaries } from './queries';

function Chip({
  type,
  item,
  selected,
  onUse,
}: {
  type: BillTypeConfig;
  item: BillBeneficiary;
  selected: boolean;
  onUse: (n: string) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const shown = displayNumber(type, item.customerNumber);
  const remove = useMutation({
    mutationFn: () => billsApi.removeBeneficiary(item.label, item.customerNumber),
    onSuccess: (res) => {
      toast.success(res.message || 'Beneficiary removed');
      queryClient.setQueryData<BillBeneficiary[]>(billKeys.beneficiaries(item.label), (list) =>
        list?.filter((b) => b.customerNumber !== item.customerNumber),
      );
      void queryClient.invalidateQueries({ queryKey: billKeys.beneficiaries(item.label) });
    },
    onError: toastError,
  });
  // Names other than the number itself (airtime "names" are just the number).
  const name = item.customerName && item.customerName !== item.customerNumber ? item.customerName : null;
  return (
    <li
      className={cn(
        'flex min-h-12 items-stretch overflow-hidden rounded-2xl border transition-colors',
        selected ? 'border-brand-fg bg-brand-soft/60' : 'border-line bg-surface',
      )}
    >
      <button
        type="button"
        onClick={() => onUse(item.customerNumber)}
        aria-label={`Use ${shown}`}
        aria-describedby={name ? `${id}-name` : undefined}
        className="flex min-w-0 flex-col justify-center py-1.5 pr-1 pl-3 text-left hover:bg-surface-2/60"
      >
        <span className="text-sm font-semibold whitespace-nowrap tabular-nums">{shown}</span>
        {name ? (
          <span id={`${id}-name`} className="max-w-36 truncate text-xs text-muted">
            {name}
          </span>
        ) : null}
      </button>
      <button
        type="button"
        onClick={() => remove.mutate()}
        disabled={remove.isPending}
        aria-label={`Remove ${shown}`}
        title="Remove"
        className="flex w-10 shrink-0 items-center justify-center text-subtle hover:bg-danger-soft hover:text-danger-fg disabled:opacity-60"
      >
        {remove.isPending ? <Spinner className="scale-75" /> : <X className="size-4" aria-hidden="true" />}
      </button>
    </li>
  );
}

/** Numbers paid before for this provider: tap one to fill the number field. Hidden when there are none. */
export function Beneficiaries({
  type,
  label,
  value,
  onUse,
}: {
  type: BillTypeConfig;
  label: string | null;
  value: string;
  onUse: (n: string) => void;
}) {
  const id = useId();
  const list = useBeneficiaries(label);
  if (!label || !list.data || list.data.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
        <History className="size-3.5" aria-hidden="true" />
        Recent
      </h3>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 [scrollbar-width:none]">
        {list.data.map((b) => (
          <Chip key={b.customerNumber} type={type} item={b} selected={b.customerNumber === value} onUse={onUse} />
        ))}
      </ul>
    </section>
  );
}
