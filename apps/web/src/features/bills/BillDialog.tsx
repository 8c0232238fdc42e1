import type { Preview, Receipt } from '@owo/contracts';
import { Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { billsApi } from '../../api/bills';
import { formatNaira } from '@owo/contracts/format';
import { Button } from '../../ui/Button';
import { DetailRow as Row } from '../../ui/DetailList';
import { PaymentDialog, type PreviewContent, type ResultContent } from '../../ui/PaymentDialog';
import { invalidateAfterPurchase } from './queries';

/** What the form knows about the purchase (the preview only carries the totals). */
export interface BillSummary {
  typeLabel: string;
  provider: string;
  numberLabel: string;
  number: string;
  customerName: string | null;
  address: string | null;
  packageLabel: string | null;
  packageName: string | null;
}

export const BILL_RESULT_TITLES: Record<Receipt['status'], string> = {
  successful: 'Payment successful',
  pending: 'Payment processing',
  reversed: 'Payment reversed',
  failed: 'Payment failed',
};

/** "MTN airtime", "Glo data", "Ikeja Electric", "DStv". */
const purchaseName = (s: BillSummary) =>
  s.typeLabel === 'Airtime' || s.typeLabel === 'Data' ? `${s.provider} ${s.typeLabel.toLowerCase()}` : s.provider;

const numberRow = (summary: BillSummary) => (
  <Row label={summary.numberLabel}>
    <span className="tabular-nums">{summary.number}</span>
  </Row>
);

const packageRow = (summary: BillSummary): ReactNode =>
  summary.packageLabel && summary.packageName ? <Row label={summary.packageLabel}>{summary.packageName}</Row> : null;

const billPreview = (summary: BillSummary, preview: Preview): PreviewContent => ({
  lead: 'You are paying',
  subline: (
    <>
      {summary.typeLabel} · {summary.provider}
    </>
  ),
  rows: (
    <>
      <Row label="Provider">{summary.provider}</Row>
      {numberRow(summary)}
      {summary.customerName ? <Row label="Customer">{summary.customerName}</Row> : null}
      {summary.address ? <Row label="Address">{summary.address}</Row> : null}
      {packageRow(summary)}
    </>
  ),
  pinPrompt: (
    <>
      Enter your PIN to pay <span className="font-semibold text-fg">{formatNaira(preview.total)}</span> for{' '}
      <span className="font-semibold text-fg">{purchaseName(summary)}</span> ({summary.number}).
    </>
  ),
});

const billResult = (summary: BillSummary, receipt: Receipt): ResultContent => ({
  lead: { successful: 'paid for ', pending: 'on its way for ', failed: 'could not pay for ' },
  name: purchaseName(summary),
  pendingNote: `${summary.provider} has not confirmed it yet. Check again in a moment; if it fails, your money comes back.`,
  extra: receipt.status === 'successful' && receipt.token ? <TokenBox token={receipt.token} /> : null,
  // The provider is already in the line under the amount.
  rows: (
    <>
      {numberRow(summary)}
      {summary.customerName ? <Row label="Customer">{summary.customerName}</Row> : null}
      {packageRow(summary)}
    </>
  ),
});

const completeBill = (reference: string, pin: string, idempotencyKey: string) => billsApi.complete(reference, pin, idempotencyKey);
const billStatus = (reference: string) => billsApi.purchaseStatus(reference);

interface BillDialogProps {
  preview: Preview | null;
  summary: BillSummary | null;
  onClose: () => void;
  /** Called after the user closes a finished payment (reset the form here). */
  onDone: (receipt: Receipt) => void;
}

/**
 * "Confirm payment" -> Transaction PIN -> result, in one dialog (the shared payment dialog).
 * One Idempotency-Key per previewed payment, reused on a retry so a bill is never paid twice.
 */
export function BillDialog({ preview, summary, onClose, onDone }: BillDialogProps) {
  return (
    <PaymentDialog
      preview={summary ? preview : null}
      title="Confirm payment"
      resultTitles={BILL_RESULT_TITLES}
      noun="Payment"
      reasonFirst
      compact
      renderPreview={(p) => (summary ? billPreview(summary, p) : null)}
      renderResult={(r) => (summary ? billResult(summary, r) : null)}
      complete={completeBill}
      checkStatus={billStatus}
      invalidate={invalidateAfterPurchase}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** The electricity token: big, grouped, labelled "Token", with a copy button. */
function TokenBox({ token }: { token: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      toast.success('Token copied');
    } catch {
      toast.error('We could not copy the token. Press and hold it to copy.');
    }
  };
  return (
    <div className="rounded-2xl border-2 border-dashed border-brand-fg/40 bg-brand-soft/50 p-4 text-center">
      <p id={`${id}-label`} className="text-xs font-semibold tracking-wide text-brand-fg uppercase">
        Token
      </p>
      {/* Grouped so a narrow screen only wraps between groups; the text stays "1234-5678-…". */}
      <output
        aria-labelledby={`${id}-label`}
        className="mt-1 block font-mono text-[19px] leading-snug font-bold text-fg select-all tabular-nums"
      >
        {token.split('-').map((group, i, all) => (
          <span key={i} className="inline-block whitespace-nowrap">
            {group}
            {i < all.length - 1 ? '-' : ''}
          </span>
        ))}
      </output>
      <p className="mt-1 text-xs text-muted">Enter this on your meter’s keypad.</p>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={() => void copy()}
        icon={copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      >
        Copy token
      </Button>
    </div>
  );
}
