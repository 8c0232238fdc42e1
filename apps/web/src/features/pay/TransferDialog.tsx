import type { Preview, Receipt } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Clock, Undo2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { newIdempotencyKey } from '../../lib/idempotency';
import { formatNaira } from '../../lib/money';
import { Button } from '../../ui/Button';
import { CodeInput } from '../../ui/CodeInput';
import { Sheet } from '../../ui/Sheet';
import { invalidateMoney } from '../wallet/queries';
import { ShareReceiptButton } from '../wallet/ReceiptSheet';
import { MoneyError, errorCode, toastError } from './errors';

type Step = 'preview' | 'pin' | 'result';

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className={strong ? 'text-right text-base font-bold tabular-nums' : 'min-w-0 text-right text-sm font-medium break-words'}>{children}</dd>
    </div>
  );
}

export function PreviewSummary({ preview }: { preview: Preview }) {
  const r = preview.recipient;
  return (
    <dl className="divide-y divide-line rounded-2xl border border-line px-4">
      <Row label="To">{r.name}</Row>
      {r.bankName ? <Row label="Bank">{r.bankName}</Row> : null}
      {r.accountNumber ? <Row label="Account number">{r.accountNumber}</Row> : null}
      <Row label="Amount">{formatNaira(preview.amount)}</Row>
      <Row label="Fee">{preview.fee === 0 ? 'Free' : formatNaira(preview.fee)}</Row>
      {preview.narration ? <Row label="Narration">{preview.narration}</Row> : null}
      <Row label="Total" strong>
        {formatNaira(preview.total)}
      </Row>
    </dl>
  );
}

export const RESULT_TITLES: Record<Receipt['status'], string> = {
  successful: 'Transfer successful',
  pending: 'Transfer processing',
  reversed: 'Transfer reversed',
  failed: 'Transfer failed',
};

interface TransferDialogProps {
  preview: Preview | null;
  onClose: () => void;
  /** Called after the user closes a finished transfer (reset the form here). */
  onDone: (receipt: Receipt) => void;
  complete: (reference: string, pin: string, idempotencyKey: string) => Promise<{ data: Receipt; message: string }>;
  /** Re-checks a pending transfer (bank transfers only). */
  checkStatus?: (reference: string) => Promise<{ data: Receipt; message: string }>;
}

/**
 * Preview -> PIN -> result, all in one dialog. One Idempotency-Key per previewed payment: a retry
 * (wrong PIN, lost connection) reuses it, so the money can never move twice.
 */
export function TransferDialog({ preview, onClose, onDone, complete, checkStatus }: TransferDialogProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('preview');
  const [pin, setPin] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [resultMessage, setResultMessage] = useState('');
  const key = useRef<string>('');
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
    mutationFn: (v: { reference: string; pin: string }) => complete(v.reference, v.pin, key.current),
    onSuccess: (res) => {
      setReceipt(res.data);
      setResultMessage(res.message);
      setStep('result');
      void invalidateMoney(queryClient);
      if (res.data.status === 'successful') toast.success(res.message || 'Transfer successful');
      else if (res.data.status === 'pending') toast.info(res.message || 'Transfer is processing');
      else toast.error(res.message || res.data.failureReason || 'Transfer reversed');
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
    mutationFn: (reference: string) => {
      if (!checkStatus) throw new Error('No status check');
      return checkStatus(reference);
    },
    onSuccess: (res) => {
      setReceipt(res.data);
      setResultMessage(res.message);
      void invalidateMoney(queryClient);
      if (res.data.status === 'pending') toast.info('Still processing. Check again in a moment.');
      else if (res.data.status === 'successful') toast.success('Transfer successful');
      else toast.error(res.data.failureReason ?? 'Transfer reversed');
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

  const title = step === 'result' && receipt ? RESULT_TITLES[receipt.status] : 'Confirm transfer';

  return (
    <Sheet open={preview !== null} onClose={close} title={title}>
      {!preview ? null : step === 'preview' ? (
        <div className="flex flex-col gap-5">
          <div className="text-center">
            <p className="text-sm text-muted">You are sending</p>
            <p className="text-3xl font-bold tracking-tight tabular-nums">{formatNaira(preview.amount)}</p>
          </div>
          <PreviewSummary preview={preview} />
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
            Enter your PIN to send <span className="font-semibold text-fg">{formatNaira(preview.total)}</span> to{' '}
            <span className="font-semibold text-fg">{preview.recipient.name}</span>.
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
        <TransferResult
          receipt={receipt}
          message={resultMessage}
          onDone={close}
          onCheckStatus={checkStatus ? () => status.mutate(receipt.reference) : undefined}
          checking={status.isPending}
        />
      ) : null}
    </Sheet>
  );
}

function TransferResult({
  receipt,
  message,
  onDone,
  onCheckStatus,
  checking,
}: {
  receipt: Receipt;
  message: string;
  onDone: () => void;
  onCheckStatus?: () => void;
  checking: boolean;
}) {
  const s = receipt.status;
  const Icon = s === 'successful' ? CircleCheck : s === 'pending' ? Clock : Undo2;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col items-center text-center">
        <span
          className={
            s === 'successful'
              ? 'flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand-fg'
              : s === 'pending'
                ? 'flex size-16 items-center justify-center rounded-full bg-accent-400/20 text-[#8a5a00] dark:text-accent-300'
                : 'flex size-16 items-center justify-center rounded-full bg-danger-soft text-danger-fg'
          }
          aria-hidden="true"
        >
          <Icon className="size-8" />
        </span>
        <p className="mt-3 text-3xl font-bold tracking-tight tabular-nums">{formatNaira(receipt.amount)}</p>
        <p className="mt-1 text-[15px] text-muted">
          {s === 'successful' ? 'sent to ' : s === 'pending' ? 'on its way to ' : 'could not reach '}
          <span className="font-semibold text-fg">{receipt.counterparty.name}</span>
        </p>
      </div>
      {s === 'pending' ? (
        <p role="status" className="rounded-2xl bg-accent-400/15 p-4 text-sm">
          {message || 'Transfer is processing'}. The bank has not confirmed it yet; we will update it as soon as they do.
        </p>
      ) : null}
      {s === 'reversed' || s === 'failed' ? (
        <div role="alert" className="rounded-2xl bg-danger-soft p-4 text-sm text-danger-fg">
          <p className="font-semibold">{receipt.failureReason ?? message}</p>
          <p className="mt-1">{formatNaira(receipt.total)} is back in your wallet.</p>
        </div>
      ) : null}
      <dl className="divide-y divide-line rounded-2xl border border-line px-4">
        <Row label="Recipient">{receipt.counterparty.name}</Row>
        {receipt.counterparty.bankName ? (
          <Row label="Bank">
            {receipt.counterparty.bankName}
            {receipt.counterparty.accountNumber ? ` · ${receipt.counterparty.accountNumber}` : ''}
          </Row>
        ) : null}
        <Row label="Amount">{formatNaira(receipt.amount)}</Row>
        <Row label="Fee">{receipt.fee === 0 ? 'Free' : formatNaira(receipt.fee)}</Row>
        <Row label="Reference">
          <span className="font-mono text-xs">{receipt.reference}</span>
        </Row>
      </dl>
      <div className="flex flex-col gap-3">
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
