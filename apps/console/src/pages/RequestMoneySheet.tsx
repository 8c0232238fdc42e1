import { moneyRequestBody } from '@owo/contracts';
import { formatNaira } from '@owo/contracts/format';
import { z } from 'zod';
import { Field } from '@web/ui/Field';
import { call } from '../api';
import { fieldErrorText } from '../forms';
import { ReasonSheet } from '../ReasonSheet';
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
 * The request's form, checked by the contracts' body schema: the amount is typed in naira and sent
 * in kobo (a reversal has none: every leg of the payment moves back).
 */
const requestForm = (ask: MoneyAsk) =>
  z
    .object({ amount: z.string(), reason: z.string() })
    .transform((v, ctx) => {
      const { customerId, reference } = ask;
      if (ask.kind === 'reversal') return { kind: ask.kind, customerId, reference, reason: v.reason };
      const amount = parseNaira(v.amount);
      if (amount === null) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount in naira, e.g. 1500 or 1,500.50' });
        return z.NEVER;
      }
      return ask.kind === 'credit'
        ? { kind: ask.kind, customerId, amount, reason: v.reason }
        : { kind: ask.kind, customerId, reference, amount, reason: v.reason };
    })
    .pipe(moneyRequestBody);

/**
 * Asks for a manual credit, a refund or a reversal. It moves nothing: another finance person
 * approves it (or not) on the Money page.
 */
export function RequestMoneySheet({ ask, onClose, onDone }: { ask: MoneyAsk; onClose: () => void; onDone: (message: string) => void }) {
  return (
    <ReasonSheet
      open
      onClose={onClose}
      title={ask.kind === 'credit' ? 'Request a manual credit' : `Request a ${ask.kind}`}
      schema={requestForm(ask)}
      defaultValues={{ amount: '', reason: '' }}
      intro={
        ask.reference ? (
          <p className="text-sm text-muted">
            Payment <span className="font-mono text-fg">{ask.reference}</span>
            {ask.amount !== undefined ? <> of {formatNaira(ask.amount)}</> : null}
            {ask.kind === 'reversal'
              ? '. Every leg of it moves back: the recipient pays it back, or the money leaves for where it came from.'
              : null}
          </p>
        ) : null
      }
      fields={(form) =>
        ask.kind !== 'reversal' ? (
          <Field
            label="Amount (₦)"
            inputMode="decimal"
            error={fieldErrorText(form, 'amount')}
            hint={
              ask.kind === 'refund' && ask.amount !== undefined
                ? `At most ${formatNaira(ask.amount)}, less what was refunded already`
                : undefined
            }
            {...form.register('amount')}
          />
        ) : null
      }
      reasonHint="The customer reads this in their history, with your name and the approver’s."
      submitLabel="Send for approval"
      send={async (body, idempotencyKey) => (await call('POST /api/staff/money-requests', { body, idempotencyKey })).data}
      onDone={(r) => onDone(`${KIND_LABELS[r.kind]} of ${formatNaira(r.amount)} requested. Another finance person must approve it.`)}
    />
  );
}
