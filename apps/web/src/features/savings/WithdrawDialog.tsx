import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { type SavingsTarget, savingsApi } from '../../api/savings';
import { formatNaira } from '@owo/contracts/format';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { DetailList, DetailRow } from '../../ui/DetailList';
import { Sheet } from '../../ui/Sheet';
import { SuccessHero } from '../../ui/SuccessHero';
import { AmountField } from '../../ui/AmountField';
import { toastError } from '../../lib/errors';
import { nairaAmount } from '../../lib/form-schemas';
import { PinSetupHint } from '../../ui/PinSetupHint';
import { invalidateSavings } from './queries';
import { useGuardedClose } from '../../lib/use-guarded-close';
import { useAttemptKey } from '../../lib/use-attempt-key';

type Done = { amount: number; target: SavingsTarget; message: string };

/** "Withdraw to wallet": part of the savings, or everything (which closes the target). */
export function WithdrawDialog({ target, open, onClose }: { target: SavingsTarget; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [all, setAll] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    if (!open) return;
    setAmount('');
    setAll(false);
    setError(undefined);
    setDone(null);
  }, [open]);

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (withdraw.isPending) return;
    if (all || amount.trim() === '') {
      setError(undefined);
      withdraw.mutate(undefined);
      return;
    }
    const parsed = nairaAmount(Math.max(target.savedAmount, 100), formatNaira(target.savedAmount)).safeParse(amount);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const kobo = parseNairaToKobo(amount) ?? 0;
    withdraw.mutate(kobo >= target.savedAmount ? undefined : kobo);
  };

  return (
    <Sheet open={open} onClose={close} title={done ? 'Withdrawal successful' : 'Withdraw to wallet'}>
      {done ? (
        <div className="flex flex-col gap-5">
          <SuccessHero figure={formatNaira(done.amount)}>{done.message || 'Withdrawn to your wallet'}</SuccessHero>
          <DetailList>
            <DetailRow label="From">{done.target.name}</DetailRow>
            <DetailRow label="Left in target">
              {done.target.status === 'withdrawn' ? 'Target closed' : formatNaira(done.target.savedAmount)}
            </DetailRow>
          </DetailList>
          <Button size="lg" block onClick={close} autoFocus>
            Done
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <p className="text-[15px] text-muted">
            You have <span className="font-semibold text-fg">{formatNaira(target.savedAmount)}</span> in {target.name}.
          </p>
          <AmountField
            label="Amount (₦)"
            value={all ? '' : amount}
            onChange={(e) => setAmount(e.target.value)}
            disabled={all}
            typed={amount}
            error={error}
            hint={all ? `All ${formatNaira(target.savedAmount)} goes back to your wallet.` : 'Leave empty to withdraw everything.'}
            placeholder={all ? formatNaira(target.savedAmount) : '0.00'}
          />
          <Checkbox
            label="Withdraw everything"
            hint="This closes the target."
            checked={all}
            onChange={(e) => {
              setAll(e.target.checked);
              setError(undefined);
            }}
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
