import { useQuery } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useParams } from 'react-router';
import { formatNaira } from '@owo/contracts/format';
import { transactionApi } from '../../api/transaction';
import { cn } from '../../lib/cn';
import { levyText, type ReceiptData, receiptLines } from '../../lib/receipt-image';
import { DetailRow } from '../../ui/DetailList';
import { Sheet } from '../../ui/Sheet';
import { ShareReceiptButton } from '../../ui/ShareReceiptButton';
import { Spinner } from '../../ui/Spinner';
import { StatusBadge } from '../../ui/StatusBadge';

/** All details of one transaction (used in the receipt dialog). */
export function ReceiptDetails({ item }: { item: ReceiptData }) {
  const reason = item.status === 'reversed' || item.status === 'failed' ? item.failureReason : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface-2 px-4 py-5 text-center">
        <p className={cn('text-3xl font-bold tracking-tight tabular-nums', item.direction === 'credit' && 'text-brand-fg')}>
          {item.direction === 'credit' ? '+' : '-'}
          {formatNaira(item.amount)}
        </p>
        <StatusBadge status={item.status} className="text-xs" />
        {item.levy ? <p className="text-sm text-muted">{levyText(item)}</p> : null}
      </div>
      {reason ? (
        <div role="note" className="flex gap-3 rounded-2xl bg-danger-soft p-4 text-sm text-danger-fg">
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">{item.status === 'reversed' ? 'Reversed: ' : 'Failed: '}</span>
            {reason}
            {item.status === 'reversed' && !/returned|back/i.test(reason) ? ' The money is back in your wallet.' : null}
          </p>
        </div>
      ) : null}
      <dl className="divide-y divide-line">
        {receiptLines(item).map(([label, value]) => (
          <DetailRow key={label} label={label}>
            {value}
          </DetailRow>
        ))}
      </dl>
    </div>
  );
}

/**
 * A receipt opened by link (/history/:reference) that is not in the loaded history pages: fetched on
 * its own from GET /api/transaction/api/v1/transactions/{reference}.
 */
function useLinkedReceipt(known: ReceiptData | null) {
  const { reference } = useParams();
  const wanted = !known && reference ? reference : null;
  const query = useQuery({
    queryKey: ['transactions', 'receipt', wanted],
    queryFn: async ({ signal }) => (await transactionApi.receipt(wanted ?? '', signal)).data,
    enabled: wanted !== null,
    retry: false,
  });
  return {
    wanted,
    loading: wanted !== null && query.isPending,
    failed: wanted !== null && query.isError,
    item: wanted ? (query.data ?? null) : null,
  };
}

/** The receipt dialog: heading "Receipt", every detail and a share button. */
export function ReceiptSheet({ item, onClose }: { item: ReceiptData | null; onClose: () => void }) {
  const linked = useLinkedReceipt(item);
  const shown = item ?? linked.item;
  return (
    <>
      {linked.failed ? (
        <p role="status" className="mt-4 text-center text-sm text-muted">
          We couldn&apos;t find receipt {linked.wanted} in your history.
        </p>
      ) : null}
      <Sheet
        open={shown !== null || linked.loading}
        onClose={onClose}
        title="Receipt"
        footer={shown ? <ShareReceiptButton item={shown} /> : undefined}
      >
        {shown ? (
          <ReceiptDetails item={shown} />
        ) : (
          <div className="flex min-h-40 items-center justify-center text-brand-fg">
            <Spinner className="scale-150" label="Loading receipt" />
          </div>
        )}
      </Sheet>
    </>
  );
}
