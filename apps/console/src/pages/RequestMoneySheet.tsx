import { formatNaira } from '@owo/contracts/format';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@web/ui/Button';
import { Field, TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { Sheet } from '@web/ui/Sheet';
import { call, fieldErrorOf, messageOf, newKey } from '../api';
import { KIND_LABELS, parseNaira } from '../ui';

export type MoneyAsk = {
  kind: 'credit' | 'refund' | 'reversal';
  customerId: string;
  /** The payment refunded or reversed. */
  reference?: string;
  /** The payment's amount (and fee), in kobo: a refund's most, a reversal's whole. */
  amount?: number;
};

/**
 * Asks for a manual credit, a refund or a reversal. It moves nothing: another finance person
 * approves it (or not) on the Money page.
 */
export function RequestMoneySheet({
  ask,
  onClose,
  onDone,
}: {
  ask: MoneyAsk | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [amountError, setAmountError] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: async () => {
      if (!ask) throw new Error('Nothing to request');
      const kobo = ask.kind === 'reversal' ? 0 : parseNaira(amount);
      const body =
        ask.kind === 'credit'
          ? { kind: 'credit' as const, customerId: ask.customerId, amount: kobo!, reason }
          : ask.kind === 'refund'
            ? { kind: 'refund' as const, customerId: ask.customerId, reference: ask.reference!, amount: kobo!, reason }
            : { kind: 'reversal' as const, customerId: ask.customerId, reference: ask.reference!, reason };
      return (await call('POST /api/staff/money-requests', { body, idempotencyKey: key })).data;
    },
    onSuccess: (r) => {
      setAmount('');
      setReason('');
      setKey(newKey());
      onDone(`${KIND_LABELS[r.kind]} of ${formatNaira(r.amount)} requested. Another finance person must approve it.`);
    },
  });
  const fieldError = (name: string) => fieldErrorOf(request.error, name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ask?.kind !== 'reversal' && parseNaira(amount) === null) return setAmountError('Enter an amount in naira, e.g. 1500 or 1,500.50');
    setAmountError(null);
    request.mutate();
  };
  const title = ask ? (ask.kind === 'credit' ? 'Request a manual credit' : `Request a ${ask.kind}`) : '';
  return (
    <Sheet open={ask !== null} onClose={onClose} title={title} variant="modal">
      {ask ? (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {ask.reference ? (
            <p className="text-sm text-muted">
              Payment <span className="font-mono text-fg">{ask.reference}</span>
              {ask.amount !== undefined ? <> of {formatNaira(ask.amount)}</> : null}
              {ask.kind === 'reversal'
                ? '. Every leg of it moves back: the recipient pays it back, or the money leaves for where it came from.'
                : null}
            </p>
          ) : null}
          <FormAlert message={request.error && !fieldError('amount') && !fieldError('reason') ? messageOf(request.error) : null} />
          {ask.kind !== 'reversal' ? (
            <Field
              label="Amount (₦)"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amountError ?? fieldError('amount')}
              hint={
                ask.kind === 'refund' && ask.amount !== undefined
                  ? `At most ${formatNaira(ask.amount)}, less what was refunded already`
                  : undefined
              }
            />
          ) : null}
          <TextAreaField
            label="Reason"
            hint="The customer reads this in their history, with your name and the approver’s."
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={fieldError('reason')}
          />
          <Button type="submit" block loading={request.isPending}>
            Send for approval
          </Button>
        </form>
      ) : null}
    </Sheet>
  );
}
