import type { Preview, Receipt } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, CircleCheck, Clock, Copy, Undo2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { billsApi } from '../../api/bills';
import { newIdempotencyKey } from '../../lib/idempotency';
import { formatNaira } from '../../lib/money';
import { Button } from '../../ui/Button';
import { CodeInput } from '../../ui/CodeInput';
import { Sheet } from '../../ui/Sheet';
import { MoneyError, errorCode, toastError } from '../pay/errors';
import { ShareReceiptButton } from '../wallet/ReceiptSheet';
import { invalidateAfterPurchase } from './queries';

type Step = 'preview' | 'pin' | 'result';

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
const purchaseName = (s: BillSummary) => (s.typeLabel === 'Airtime' || s.typeLabel === 'Data' ? `${s.provider} ${s.typeLabel.toLowerCase()}` : s.provider);

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className={strong ? 'text-right text-base font-bold tabular-nums' : 'min-w-0 text-right text-sm font-medium break-words'}>{children}</dd>
    </div>
  );
}

function SummaryRows({ summary }: { summary: BillSummary }) {
  return (
    <>
      <Row label="Provider">{summary.provider}</Row>
      <Row label={summary.numberLabel}>
        <span className="tabular-nums">{summary.number}</span>
      </Row>
      {summary.customerName ? <Row label="Customer">{summary.customerName}</Row> : null}
      {summary.address ? <Row label="Address">{summary.address}</Row> : null}
      {summary.packageLabel && summary.packageName ? <Row label={summary.packageLabel}>{summary.packageName}</Row> : null}
    </>
  );
}

interface BillDialogProps {
  preview: Preview | null;
  summary: BillSummary | null;
  onClose: () => void;
  /** Called after the user closes a finished payment (reset the form here). */
  onDone: (receipt: Receipt) => void;
}

/**
 * "Confirm payment" -> Transaction PIN -> result, in one dialog (the pattern of the transfer dialog).
 * One Idempotency-Key per previewed payment, reused on a retry so a bill is never paid twice.
 */
export function BillDialog({ preview, summary, onClose, onDone }: BillDialogProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('preview');
  const [pin, setPin] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [resultMessage, setResultMessage] = useState('');
  const key = useRef('');
  const pinInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!preview) return;
    key.current = newIdempotencyKey();
    setStep('preview');
    setPin('');
    setReceipt(null);
    setResultMessage('');
  }, [preview]);

  const pay = useMutation({
    mutationFn: (v: { reference: string; pin: string }) => billsApi.complete(v.reference, v.pin, key.current),
    onSuccess: (res) => {
      setReceipt(res.data);
      setResultMessage(res.message);
      setStep('result');
      void invalidateAfterPurchase(queryClient);
      if (res.data.status === 'successful') toast.success(res.message || 'Payment successful');
      else if (res.data.status === 'pending') toast.info(res.message || 'Payment is processing');
      else toast.error(res.data.failureReason || res.message || 'Payment reversed');
    },
    onError: (err) => {
      toastError(err);
      if (errorCode(err) === 'PIN_INCORRECT') {
        setPin('');
        pinInput.current?.focus();
      }
    },
  });

  const status = useMutation({
    mutationFn: (reference: string) => billsApi.purchaseStatus(reference),
    onSuccess: (res) => {
      setReceipt(res.data);
      setResultMessage(res.message);
      void invalidateAfterPurchase(queryClient);
      if (res.data.status === 'pending') toast.info('Still processing. Check again in a moment.');
      else if (res.data.status === 'successful') toast.success('Payment successful');
      else toast.error(res.data.failureReason ?? 'Payment reversed');
    },
    onError: toastError,
  });

  // A stable close handler (the Sheet re-focuses itself whenever onClose changes).
  const latest = useRef({ pending: false, receipt: null as Receipt | null, onDone, onClose, resetPay: pay.reset });
  latest.current = { pending: pay.isPending, receipt: step === 'result' ? receipt : null, onDone, onClose, resetPay: pay.reset };
  const close = useCallback(() => {
    const l = latest.current;
    if (l.pending) return;
    l.resetPay();
    if (l.receipt) l.onDone(l.receipt);
    else l.onClose();
  }, []);

  const submitPin = (e: FormEvent) => {
    e.preventDefault();
    if (!preview || pay.isPending) return;
    if (!/^\d{4}$/.test(pin)) {
      pinInput.current?.focus();
      return;
    }
    pay.mutate({ reference: preview.reference, pin });
  };

  const open = preview !== null && summary !== null;
  const title = step === 'result' && receipt ? BILL_RESULT_TITLES[receipt.status] : 'Confirm payment';

  return (
    <Sheet open={open} onClose={close} title={title}>
      {!preview || !summary ? null : step === 'preview' ? (
        <div className="flex flex-col gap-5">
          <div className="text-center">
            <p className="text-sm text-muted">You are paying</p>
            <p className="text-3xl font-bold tracking-tight tabular-nums">{formatNaira(preview.amount)}</p>
            <p className="mt-1 text-sm text-muted">
              {summary.typeLabel} · {summary.provider}
            </p>
          </div>
          <dl className="divide-y divide-line rounded-2xl border border-line px-4">
            <SummaryRows summary={summary} />
            <Row label="Amount">{formatNaira(preview.amount)}</Row>
            <Row label="Fee">{preview.fee === 0 ? 'Free' : formatNaira(preview.fee)}</Row>
            <Row label="Total" strong>
              {formatNaira(preview.total)}
            </Row>
          </dl>
          <div className="grid grid-cols-2 gap-3">
            <Button variant="outline" size="lg" onClick={close}>
              Cancel
            </Button>
            <Button size="lg" onClick={() => setStep('pin')} autoFocus>
              Confirm
            </Button>
          </div>
        </div>
      ) : step === 'pin' ? (
        <form onSubmit={submitPin} noValidate className="flex flex-col gap-5">
          <p className="text-[15px] text-muted">
            Enter your PIN to pay <span className="font-semibold text-fg">{formatNaira(preview.total)}</span> for{' '}
            <span className="font-semibold text-fg">{purchaseName(summary)}</span> ({summary.number}).
          </p>
          <CodeInput label="Transaction PIN" length={4} mask value={pin} onChange={setPin} autoFocus ref={pinInput} name="transactionPin" />
          <MoneyError error={pay.error} />
          <div className="grid grid-cols-2 gap-3">
            <Button variant="outline" size="lg" onClick={() => setStep('preview')} disabled={pay.isPending}>
              Back
            </Button>
            <Button type="submit" size="lg" loading={pay.isPending} disabled={pin.length !== 4}>
              Pay
            </Button>
          </div>
        </form>
      ) : receipt ? (
        <BillResult
          receipt={receipt}
          summary={summary}
          message={resultMessage}
          onDone={close}
          onCheckStatus={() => status.mutate(receipt.reference)}
          checking={status.isPending}
        />
      ) : null}
    </Sheet>
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
      <output aria-labelledby={`${id}-label`} className="mt-1 block font-mono text-[19px] leading-snug font-bold text-fg select-all tabular-nums">
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

function BillResult({
  receipt,
  summary,
  message,
  onDone,
  onCheckStatus,
  checking,
}: {
  receipt: Receipt;
  summary: BillSummary;
  message: string;
  onDone: () => void;
  onCheckStatus: () => void;
  checking: boolean;
}) {
  const s = receipt.status;
  const Icon = s === 'successful' ? CircleCheck : s === 'pending' ? Clock : Undo2;
  const what = purchaseName(summary);
  return (
    <div className="-mx-6 -mb-2 flex max-h-[calc(100dvh-8rem)] flex-col gap-4 overflow-y-auto px-6 pb-2">
      <div className="flex flex-col items-center text-center">
        <span
          className={
            s === 'successful'
              ? 'flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-fg'
              : s === 'pending'
                ? 'flex size-14 items-center justify-center rounded-full bg-accent-400/20 text-[#8a5a00] dark:text-accent-300'
                : 'flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger-fg'
          }
          aria-hidden="true"
        >
          <Icon className="size-7" />
        </span>
        <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums">{formatNaira(receipt.amount)}</p>
        <p className="mt-1 text-[15px] text-muted">
          {s === 'successful' ? 'paid for ' : s === 'pending' ? 'on its way for ' : 'could not pay for '}
          <span className="font-semibold text-fg">{what}</span>
        </p>
      </div>
      {s === 'successful' && receipt.token ? <TokenBox token={receipt.token} /> : null}
      {s === 'pending' ? (
        <p role="status" className="rounded-2xl bg-accent-400/15 p-4 text-sm">
          {message || 'Payment is processing'}. {summary.provider} has not confirmed it yet. Check again in a moment; if it fails, your money comes back.
        </p>
      ) : null}
      {s === 'reversed' || s === 'failed' ? (
        <div role="alert" className="rounded-2xl bg-danger-soft p-4 text-sm text-danger-fg">
          <p className="font-semibold">{receipt.failureReason ?? message}</p>
          <p className="mt-1">{formatNaira(receipt.total)} is back in your wallet.</p>
        </div>
      ) : null}
      <dl className="divide-y divide-line rounded-2xl border border-line px-4">
        {/* The provider is already in the line under the amount. */}
        <Row label={summary.numberLabel}>
          <span className="tabular-nums">{summary.number}</span>
        </Row>
        {summary.customerName ? <Row label="Customer">{summary.customerName}</Row> : null}
        {summary.packageLabel && summary.packageName ? <Row label={summary.packageLabel}>{summary.packageName}</Row> : null}
        <Row label="Amount">{formatNaira(receipt.amount)}</Row>
        <Row label="Fee">{receipt.fee === 0 ? 'Free' : formatNaira(receipt.fee)}</Row>
        <Row label="Reference">
          <span className="font-mono text-xs">{receipt.reference}</span>
        </Row>
      </dl>
      <div className={s === 'pending' ? 'grid grid-cols-2 gap-3' : 'flex flex-col gap-3'}>
        {s === 'pending' ? (
          <Button size="lg" block variant="secondary" loading={checking} onClick={onCheckStatus}>
            Check status
          </Button>
        ) : null}
        {s === 'successful' ? <ShareReceiptButton item={receipt} /> : null}
        <Button size="lg" block onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
