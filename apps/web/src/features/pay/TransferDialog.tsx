import type { Preview, Receipt } from '@owo/contracts';
import { invalidateMoney } from '../wallet';
import { DetailRow as Row } from '../../ui/DetailList';
import { PaymentDialog, type PreviewContent, type ResultContent } from '../../ui/PaymentDialog';
import { formatNaira } from '@owo/contracts/format';

export const RESULT_TITLES: Record<Receipt['status'], string> = {
  successful: 'Transfer successful',
  pending: 'Transfer processing',
  reversed: 'Transfer reversed',
  failed: 'Transfer failed',
};

const transferPreview = (preview: Preview): PreviewContent => {
  const r = preview.recipient;
  return {
    lead: 'You are sending',
    rows: (
      <>
        <Row label="To">{r.name}</Row>
        {r.bankName ? <Row label="Bank">{r.bankName}</Row> : null}
        {r.accountNumber ? <Row label="Account number">{r.accountNumber}</Row> : null}
      </>
    ),
    rowsAfterFee: preview.narration ? <Row label="Narration">{preview.narration}</Row> : null,
    pinPrompt: (
      <>
        Enter your PIN to send <span className="font-semibold text-fg">{formatNaira(preview.total)}</span> to{' '}
        <span className="font-semibold text-fg">{r.name}</span>.
      </>
    ),
  };
};

const transferResult = (receipt: Receipt): ResultContent => {
  const c = receipt.counterparty;
  return {
    lead: { successful: 'sent to ', pending: 'on its way to ', failed: 'could not reach ' },
    name: c.name,
    pendingNote: 'The bank has not confirmed it yet; we will update it as soon as they do.',
    rows: (
      <>
        <Row label="Recipient">{c.name}</Row>
        {c.bankName ? (
          <Row label="Bank">
            {c.bankName}
            {c.accountNumber ? ` · ${c.accountNumber}` : ''}
          </Row>
        ) : null}
      </>
    ),
  };
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

/** Send money and bank transfer: "Confirm transfer" -> Transaction PIN -> result. */
export function TransferDialog(props: TransferDialogProps) {
  return (
    <PaymentDialog
      {...props}
      title="Confirm transfer"
      resultTitles={RESULT_TITLES}
      noun="Transfer"
      renderPreview={transferPreview}
      renderResult={transferResult}
      invalidate={invalidateMoney}
    />
  );
}
