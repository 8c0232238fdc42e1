import type { Preview, Receipt } from '@owo/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Clock, Undo2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../lib/toast';
import { cn } from '../lib/cn';
import { formatNaira } from '@owo/contracts/format';
import { Button } from './Button';
import { DetailList, DetailRow } from './DetailList';
import { PinStep } from './PinStep';
import { Sheet } from './Sheet';
import { ShareReceiptButton } from './ShareReceiptButton';
import { feeText } from '../lib/money';
import { MoneyError } from './MoneyError';
import { toastError } from '../lib/errors';
import { usePinAttempt } from '../lib/use-pin-attempt';

type Step = 'preview' | 'pin' | 'result';
type MoneyResult = { data: Receipt; message: string };

/** What the preview step shows around the amount, fee and total. */
export interface PreviewContent {
  /** "You are sending" / "You are paying". */
  lead: string;
  /** A line under the big amount. */
  subline?: ReactNode;
  /** Rows before Amount and Fee. */
  rows: ReactNode;
  /** Rows between Fee and Total. */
  rowsAfterFee?: ReactNode;
  /** What the PIN is approving ("Enter your PIN to …"). */
  pinPrompt: ReactNode;
}

/** What the result step shows for a receipt. */
export interface ResultContent {
  /** Words before `name` under the amount, by status. */
  lead: { successful: string; pending: string; failed: string };
  name: ReactNode;
  /** Follows "<message>. " while the payment is pending. */
  pendingNote: string;
  /** Rows before Amount, Fee and Reference. */
  rows: ReactNode;
  /** Extra content under the hero (e.g. an electricity token). */
  extra?: ReactNode;
}

export interface PaymentDialogProps {
  preview: Preview | null;
  /** Dialog name before the result ("Confirm transfer"). */
  title: string;
  /** Dialog name for each result status. */
  resultTitles: Record<Receipt['status'], string>;
  /** "Transfer" / "Payment": used in the toasts and the pending fallback text. */
  noun: string;
  /** On a reversal, toast the failure reason before the server message. */
  reasonFirst?: boolean;
  /** Tighter, scrollable result layout (room for a token block). */
  compact?: boolean;
  /** null renders nothing (e.g. details not loaded yet). */
  renderPreview: (preview: Preview) => PreviewContent | null;
  renderResult: (receipt: Receipt) => ResultContent | null;
  complete: (reference: string, pin: string, idempotencyKey: string) => Promise<MoneyResult>;
  /** Re-checks a pending payment; without it there is no "Check status" button. */
  checkStatus?: (reference: string) => Promise<MoneyResult>;
  /** Refreshes balances/history after a payment or status check. */
  invalidate: (queryClient: QueryClient) => Promise<void>;
  onClose: () => void;
  /** Called after the user closes a finished payment (reset the form here). */
  onDone: (receipt: Receipt) => void;
}

/**
 * Preview -> PIN -> result, all in one dialog. One Idempotency-Key per previewed payment: a retry
 * (wrong PIN, lost connection) reuses it, so the money can never move twice.
 */
export function PaymentDialog({
  preview,
  title,
  resultTitles,
  noun,
  reasonFirst,
  compact,
  renderPreview,
  renderResult,
  complete,
  checkStatus,
  invalidate,
  onClose,
  onDone,
}: PaymentDialogProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('preview');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [resultMessage, setResultMessage] = useState('');
  const attempt = usePinAttempt();
  const { begin } = attempt;
  const pinInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!preview) return;
    begin();
    setStep('preview');
    setReceipt(null);
    setResultMessage('');
  }, [preview, begin]);

  const pay = useMutation({
    mutationFn: (v: { reference: string; pin: string }) => complete(v.reference, v.pin, attempt.idempotencyKey()),
    onSuccess: (res) => {
      setReceipt(res.data);
      setResultMessage(res.message);
      setStep('result');
      void invalidate(queryClient);
      if (res.data.status === 'successful') toast.success(res.message || `${noun} successful`);
      else if (res.data.status === 'pending') toast.info(res.message || `${noun} is processing`);
      else toast.error((reasonFirst ? res.data.failureReason || res.message : res.message || res.data.failureReason) || `${noun} reversed`);
    },
    // The refusal shows inline (MoneyError), once: no toast as well.
    onError: (err) => {
      if (attempt.failed(err)) pinInput.current?.focus();
    },
  });

  const status = useMutation({
    mutationFn: (reference: string) => {
      if (!checkStatus) throw new Error('No status check');
      return checkStatus(reference);
    },
    onSuccess: (res) => {
      setReceipt(res.data);
      setResultMessage(res.message);
      void invalidate(queryClient);
      if (res.data.status === 'pending') toast.info('Still processing. Check again in a moment.');
      else if (res.data.status === 'successful') toast.success(`${noun} successful`);
      else toast.error(res.data.failureReason ?? `${noun} reversed`);
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

  const content = preview ? renderPreview(preview) : null;
  const result = step === 'result' && receipt ? renderResult(receipt) : null;

  return (
    <Sheet open={preview !== null} onClose={close} title={step === 'result' && receipt ? resultTitles[receipt.status] : title}>
      {!preview || !content ? null : step === 'preview' ? (
        <div className="flex flex-col gap-5">
          <div className="text-center">
            <p className="text-sm text-muted">{content.lead}</p>
            <p className="text-3xl font-bold tracking-tight tabular-nums">{formatNaira(preview.amount)}</p>
            {content.subline ? <p className="mt-1 text-sm text-muted">{content.subline}</p> : null}
          </div>
          <DetailList>
            {content.rows}
            <DetailRow label="Amount">{formatNaira(preview.amount)}</DetailRow>
            <DetailRow label="Fee">{feeText(preview.fee)}</DetailRow>
            {content.rowsAfterFee}
            <DetailRow label="Total" strong>
              {formatNaira(preview.total)}
            </DetailRow>
          </DetailList>
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
        <PinStep
          pin={attempt.pin}
          onPinChange={attempt.setPin}
          onSubmit={(p) => pay.mutate({ reference: preview.reference, pin: p })}
          onBack={() => setStep('preview')}
          submitLabel="Pay"
          loading={pay.isPending}
          error={<MoneyError error={pay.error} />}
          inputRef={pinInput}
        >
          {content.pinPrompt}
        </PinStep>
      ) : receipt && result ? (
        <PaymentResult
          receipt={receipt}
          content={result}
          noun={noun}
          compact={compact}
          message={resultMessage}
          onDone={close}
          onCheckStatus={checkStatus ? () => status.mutate(receipt.reference) : undefined}
          checking={status.isPending}
        />
      ) : null}
    </Sheet>
  );
}

function PaymentResult({
  receipt,
  content,
  noun,
  compact,
  message,
  onDone,
  onCheckStatus,
  checking,
}: {
  receipt: Receipt;
  content: ResultContent;
  noun: string;
  compact?: boolean;
  message: string;
  onDone: () => void;
  onCheckStatus?: () => void;
  checking: boolean;
}) {
  const s = receipt.status;
  const Icon = s === 'successful' ? CircleCheck : s === 'pending' ? Clock : Undo2;
  const badge = compact ? 'size-14' : 'size-16';
  return (
    <div
      className={compact ? '-mx-6 -mb-2 flex max-h-[calc(100dvh-8rem)] flex-col gap-4 overflow-y-auto px-6 pb-2' : 'flex flex-col gap-5'}
    >
      <div className="flex flex-col items-center text-center">
        <span
          className={cn(
            'flex items-center justify-center rounded-full',
            badge,
            s === 'successful'
              ? 'bg-brand-soft text-brand-fg'
              : s === 'pending'
                ? 'bg-accent-400/20 text-[#8a5a00] dark:text-accent-300'
                : 'bg-danger-soft text-danger-fg',
          )}
          aria-hidden="true"
        >
          <Icon className={compact ? 'size-7' : 'size-8'} />
        </span>
        <p className={cn(compact ? 'mt-2' : 'mt-3', 'text-3xl font-bold tracking-tight tabular-nums')}>{formatNaira(receipt.amount)}</p>
        <p className="mt-1 text-[15px] text-muted">
          {s === 'successful' ? content.lead.successful : s === 'pending' ? content.lead.pending : content.lead.failed}
          <span className="font-semibold text-fg">{content.name}</span>
        </p>
      </div>
      {content.extra}
      {s === 'pending' ? (
        <p role="status" className="rounded-2xl bg-accent-400/15 p-4 text-sm">
          {message || `${noun} is processing`}. {content.pendingNote}
        </p>
      ) : null}
      {s === 'reversed' || s === 'failed' ? (
        <div role="alert" className="rounded-2xl bg-danger-soft p-4 text-sm text-danger-fg">
          <p className="font-semibold">{receipt.failureReason ?? message}</p>
          <p className="mt-1">{formatNaira(receipt.total)} is back in your wallet.</p>
        </div>
      ) : null}
      <DetailList>
        {content.rows}
        <DetailRow label="Amount">{formatNaira(receipt.amount)}</DetailRow>
        <DetailRow label="Fee">{feeText(receipt.fee)}</DetailRow>
        {receipt.narration ? <DetailRow label="Narration">{receipt.narration}</DetailRow> : null}
        <DetailRow label="Reference">
          <span className="font-mono text-xs">{receipt.reference}</span>
        </DetailRow>
      </DetailList>
      <div className={compact && s === 'pending' ? 'grid grid-cols-2 gap-3' : 'flex flex-col gap-3'}>
        {s === 'pending' && onCheckStatus ? (
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
