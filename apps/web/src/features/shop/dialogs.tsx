import { useMutation } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { shopApi } from '../../api/shop';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { InlineError } from '../../ui/InlineError';
import { Sheet } from '../../ui/Sheet';
import { Spinner } from '../../ui/Spinner';
import { useReportReasons } from './queries';

/** Reports a product or a shop: a reason from the server's list and optional details. */
export function ReportDialog({
  target,
  name,
  open,
  onClose,
}: {
  target: { productId: string } | { shopId: string };
  name: string;
  open: boolean;
  onClose: () => void;
}) {
  const reasons = useReportReasons(open);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const noun = 'productId' in target ? 'product' : 'shop';
  const report = useMutation({
    mutationFn: () => shopApi.report({ ...target, reason, details: details.trim() }),
    onSuccess: () => {
      toast.success(`Thanks for telling us. We'll review this ${noun}.`);
      setReason('');
      setDetails('');
      onClose();
    },
  });
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={`Report ${noun}`}
      footer={
        <Button block disabled={!reason} loading={report.isPending} onClick={() => report.mutate()}>
          Report
        </Button>
      }
    >
      <p className="mb-3 text-sm text-muted">
        What is wrong with {name}? The {noun === 'shop' ? 'shop' : 'seller'} won&apos;t know it was you.
      </p>
      <FormAlert message={report.isError ? errorMessage(report.error, "We couldn't send your report.") : null} />
      {reasons.isPending ? (
        <Spinner label="Loading reasons" />
      ) : reasons.isError ? (
        <InlineError error={reasons.error} onRetry={() => void reasons.refetch()} fallback="We couldn't load the reasons." />
      ) : (
        <fieldset className="mb-3">
          <legend className="sr-only">Reason</legend>
          {reasons.data.map((r) => (
            <label key={r.id} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl px-3 hover:bg-surface-2">
              <input
                type="radio"
                name="report-reason"
                value={r.id}
                checked={reason === r.id}
                onChange={() => setReason(r.id)}
                className="size-5 accent-brand-600"
              />
              <span className="text-[15px]">{r.reason}</span>
            </label>
          ))}
        </fieldset>
      )}
      <TextAreaField label="Details (optional)" value={details} rows={3} maxLength={500} onChange={(e) => setDetails(e.target.value)} />
    </Sheet>
  );
}

/** Shares a link through the system share sheet, or copies it. */
export function ShareButton({ title, path, label }: { title: string; path: string; label: string }) {
  const share = async () => {
    const url = `${window.location.origin}${path}`;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast.error("We couldn't share the link. Please try again.");
    }
  };
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => void share()}
      className="flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2"
    >
      <Share2 className="size-5" aria-hidden="true" />
    </button>
  );
}
