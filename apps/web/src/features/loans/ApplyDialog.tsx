import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '../../lib/toast';
import { type Loan, type LoanType, loansApi } from '../../api/loans';
import { formatNaira } from '@owo/contracts/format';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { DetailList, DetailRow } from '../../ui/DetailList';
import { Sheet } from '../../ui/Sheet';
import { AmountField } from '../../ui/AmountField';
import { toastLoanError } from './errors';
import { invalidateLoans } from './queries';
import { PinSetupHint } from '../../ui/PinSetupHint';
import { useGuardedClose } from '../../lib/use-guarded-close';
import { useAttemptKey } from '../../lib/use-attempt-key';

/** Interest is flat for the whole tenor, in percent, rounded down to the kobo like the server. */
export const loanInterest = (type: LoanType, kobo: number) => Math.floor((kobo * type.interestRate) / 100);

/** `max`: the most you can borrow now (your recent inflows), when lower than the type's limit. */
export function validateLoanAmount(type: LoanType, text: string, max = type.maxAmount): string | null {
  if (!text.trim()) return 'Enter an amount';
  const kobo = parseNairaToKobo(text);
  if (kobo === null) return 'Enter an amount like 1,500 or 1500.50';
  const top = Math.min(max, type.maxAmount);
  if (kobo < type.minAmount || kobo > top) return `Choose an amount between ${formatNaira(type.minAmount)} and ${formatNaira(top)}`;
  return null;
}

/** The application's form: an amount within the type's limits and the most the inflows allow. */
const applyForm = (type: LoanType | null, max?: number) =>
  z.object({
    amount: z.string().superRefine((text, ctx) => {
      const problem = type ? validateLoanAmount(type, text, max) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });

/** "Apply for <name>": amount within the type's limits, then "Apply now". */
export function ApplyDialog({
  type,
  max,
  onClose,
  onApproved,
}: {
  type: LoanType | null;
  max?: number;
  onClose: () => void;
  onApproved: (loan: Loan) => void;
}) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, watch, formState, reset } = useForm<{ amount: string }>({
    resolver: zodResolver(applyForm(type, max)),
    defaultValues: { amount: '' },
  });
  useEffect(() => reset({ amount: '' }), [type, reset]);
  const amount = watch('amount');

  // One Idempotency-Key per application: the same application sent again (after a lost
  // connection) reuses it and gets the first answer, so the loan is never paid out twice.
  const attempt = useAttemptKey();
  const apply = useMutation({
    mutationFn: (v: { loanTypeId: string; amount: number }) => loansApi.apply(v, attempt.keyFor(v)),
    onSuccess: (res) => {
      attempt.done();
      void invalidateLoans(queryClient);
      toast.success(res.message || 'Loan approved and paid into your wallet');
      onApproved(res.data);
    },
    onError: toastLoanError,
  });

  const close = useGuardedClose(apply.isPending, apply.reset, onClose);

  const kobo = type ? parseNairaToKobo(amount) : null;
  const valid = type && kobo !== null && !validateLoanAmount(type, amount, max);
  return (
    <Sheet open={type !== null} onClose={close} title={type ? `Apply for ${type.name}` : 'Apply'}>
      {type ? (
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={handleSubmit((v) => {
            if (!apply.isPending) apply.mutate({ loanTypeId: type.id, amount: parseNairaToKobo(v.amount) ?? 0 });
          })}
        >
          <p className="text-[15px] text-muted">{type.description}</p>
          <AmountField
            autoFocus
            typed={amount}
            error={formState.errors.amount?.message}
            {...register('amount')}
            hint={`Between ${formatNaira(type.minAmount)} and ${formatNaira(Math.min(max ?? type.maxAmount, type.maxAmount))}`}
          />
          {valid && kobo !== null ? (
            <DetailList label="Loan summary">
              <DetailRow label="You receive">{formatNaira(kobo)}</DetailRow>
              <DetailRow label={`Interest (${type.interestRate}%)`}>{formatNaira(loanInterest(type, kobo))}</DetailRow>
              <DetailRow label="Repay in">
                {type.tenorDays} days · {type.instalments === 1 ? 'one payment' : `${type.instalments} instalments`}
              </DetailRow>
              <DetailRow label="Total to repay" strong>
                {formatNaira(kobo + loanInterest(type, kobo))}
              </DetailRow>
            </DetailList>
          ) : null}
          <PinSetupHint error={apply.error} />
          <Button type="submit" size="lg" block loading={apply.isPending}>
            Apply now
          </Button>
          <p className="text-center text-xs text-subtle">Approved loans are paid into your wallet at once.</p>
        </form>
      ) : null}
    </Sheet>
  );
}
