import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '../../lib/toast';
import { type SavingsTarget, savingsApi } from '../../api/savings';
import { formatNaira } from '@owo/contracts/format';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { DetailRow } from '../../ui/DetailList';
import { Sheet } from '../../ui/Sheet';
import { SuccessStep } from '../../ui/SuccessHero';
import { AmountField } from '../../ui/AmountField';
import { toastError } from '../../lib/errors';
import { nairaAmount } from '../../lib/form-schemas';
import { PinSetupHint } from '../../ui/PinSetupHint';
import { invalidateSavings } from './queries';
import { useGuardedClose } from '../../lib/use-guarded-close';
import { useAttemptKey } from '../../lib/use-attempt-key';

type Done = { amount: number; target: SavingsTarget; message: string };

/** Part of what is saved, or everything: ticked, or the amount left empty. */
const withdrawForm = (saved: number) =>
  z.object({ amount: z.string(), all: z.boolean() }).superRefine((v, ctx) => {
    if (v.all || v.amount.trim() === '') return;
    const parsed = nairaAmount(Math.max(saved, 100), formatNaira(saved)).safeParse(v.amount);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.issues[0]?.message ?? 'Enter an amount' });
  });
type WithdrawForm = z.infer<ReturnType<typeof withdrawForm>>;

/** "Withdraw to wallet": part of the savings, or everything (which closes the target). */
export function WithdrawDialog({ target, open, onClose }: { target: SavingsTarget; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<Done | null>(null);
  const { register, handleSubmit, watch, formState, reset, clearErrors, setValue } = useForm<WithdrawForm>({
    resolver: zodResolver(withdrawForm(target.savedAmount)),
    defaultValues: { amount: '', all: false },
  });
  const [amount, all] = [watch('amount'), watch('all')];

  useEffect(() => {
    if (!open) return;
    reset({ amount: '', all: false });
    setDone(null);
  }, [open, reset]);

  // One Idempotency-Key per withdrawal: sent again (a tap after a lost connection), the same
  // amount from the same target reuses it and gets the first answer, so money never moves twice.
  const attempt = useAttemptKey();
  const withdraw = useMutation({
    mutationFn: (kobo: number | undefined) =>
      savingsApi.withdraw(target.id, kobo, attempt.keyFor({ id: target.id, amount: kobo ?? 'all' })),
    onSuccess: (res, kobo) => {
      attempt.done();
      void invalidateSavings(queryClient);
      toast.success(res.message || 'Withdrawn to your wallet');
      setDone({ amount: kobo ?? target.savedAmount, target: res.data, message: res.message });
    },
    onError: toastError,
  });

  const close = useGuardedClose(withdraw.isPending, withdraw.reset, onClose);

  const submit = handleSubmit((v) => {
    if (withdraw.isPending) return;
    const kobo = v.all || v.amount.trim() === '' ? undefined : (parseNairaToKobo(v.amount) ?? 0);
    withdraw.mutate(kobo === undefined || kobo >= target.savedAmount ? undefined : kobo);
  });

  return (
    <Sheet open={open} onClose={close} title={done ? 'Withdrawal successful' : 'Withdraw to wallet'}>
      {done ? (
        <SuccessStep figure={formatNaira(done.amount)} message={done.message || 'Withdrawn to your wallet'} onDone={close}>
          <DetailRow label="From">{done.target.name}</DetailRow>
          <DetailRow label="Left in target">
            {done.target.status === 'withdrawn' ? 'Target closed' : formatNaira(done.target.savedAmount)}
          </DetailRow>
        </SuccessStep>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <p className="text-[15px] text-muted">
            You have <span className="font-semibold text-fg">{formatNaira(target.savedAmount)}</span> in {target.name}.
          </p>
          <AmountField
            label="Amount (₦)"
            {...register('amount')}
            disabled={all}
            typed={all ? '' : amount}
            error={all ? undefined : formState.errors.amount?.message}
            hint={all ? `All ${formatNaira(target.savedAmount)} goes back to your wallet.` : 'Leave empty to withdraw everything.'}
            placeholder={all ? formatNaira(target.savedAmount) : '0.00'}
          />
          <Checkbox
            label="Withdraw everything"
            hint="This closes the target."
            {...register('all', {
              onChange: (e: { target: { checked: boolean } }) => {
                clearErrors('amount');
                if (e.target.checked) setValue('amount', '');
              },
            })}
          />
          <PinSetupHint error={withdraw.error} />
          <Button type="submit" size="lg" block loading={withdraw.isPending}>
            Withdraw
          </Button>
        </form>
      )}
    </Sheet>
  );
}
