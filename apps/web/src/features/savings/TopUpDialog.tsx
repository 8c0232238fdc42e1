import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { type SavingsTarget, savingsApi } from '../../api/savings';
import { formatNaira } from '@owo/contracts/format';
import { koboToNairaInput } from '../../lib/money';
import { DetailRow } from '../../ui/DetailList';
import { PinStep } from '../../ui/PinStep';
import { Sheet } from '../../ui/Sheet';
import { SuccessStep } from '../../ui/SuccessHero';
import { balanceHint } from '../../ui/AmountField';
import { AmountStep } from '../../ui/AmountStep';
import { toastError } from '../../lib/errors';
import { usePinAttempt } from '../../lib/use-pin-attempt';
import { PinSetupHint } from '../../ui/PinSetupHint';
import { useBalances } from '../wallet';
import { invalidateSavings } from './queries';
import { useGuardedClose } from '../../lib/use-guarded-close';

type Step =
  | { name: 'amount'; amount?: number }
  | { name: 'pin'; amount: number }
  | { name: 'done'; amount: number; target: SavingsTarget; message: string };

/** "Top up": amount, then the PIN modal ("Transaction PIN", "Confirm"), then "Top-up successful". */
export function TopUpDialog({ target, open, onClose }: { target: SavingsTarget; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const balances = useBalances();
  const [step, setStep] = useState<Step>({ name: 'amount' });
  const attempt = usePinAttempt();
  const { setPin } = attempt;

  useEffect(() => {
    if (!open) return;
    setStep({ name: 'amount' });
    setPin('');
  }, [open, setPin]);

  const topUp = useMutation({
    mutationFn: (v: { amount: number; pin: string }) =>
      savingsApi.topUp({ targetId: target.id, amount: v.amount }, v.pin, attempt.idempotencyKey()),
    onSuccess: (res, v) => {
      void invalidateSavings(queryClient);
      toast.success(res.message || 'Savings topped up');
      setStep({ name: 'done', amount: v.amount, target: res.data, message: res.message });
    },
    onError: (err) => {
      toastError(err);
      attempt.failed(err);
    },
  });

  const close = useGuardedClose(topUp.isPending, topUp.reset, onClose);

  const title = step.name === 'done' ? 'Top-up successful' : 'Top up';
  return (
    <Sheet open={open} onClose={close} title={title}>
      {step.name === 'amount' ? (
        <AmountStep
          initial={step.amount ? koboToNairaInput(step.amount) : ''}
          hint={balanceHint(balances.data?.walletBalance)}
          onContinue={(amount) => {
            attempt.begin();
            topUp.reset();
            setStep({ name: 'pin', amount });
          }}
        >
          <p className="text-[15px] text-muted">
            Move money from your wallet into <span className="font-semibold text-fg">{target.name}</span>.
          </p>
        </AmountStep>
      ) : step.name === 'pin' ? (
        <PinStep
          pin={attempt.pin}
          onPinChange={setPin}
          loading={topUp.isPending}
          onBack={() => setStep({ name: 'amount', amount: step.amount })}
          onSubmit={(p) => topUp.mutate({ amount: step.amount, pin: p })}
          error={<PinSetupHint error={topUp.error} />}
        >
          Enter your PIN to move <span className="font-semibold text-fg">{formatNaira(step.amount)}</span> into{' '}
          <span className="font-semibold text-fg">{target.name}</span>.
        </PinStep>
      ) : (
        <SuccessStep
          figure={formatNaira(step.amount)}
          message={
            <>
              added to <span className="font-semibold text-fg">{step.target.name}</span>
            </>
          }
          onDone={close}
        >
          <DetailRow label="Saved so far">
            {formatNaira(step.target.savedAmount)} of {formatNaira(step.target.targetAmount)}
          </DetailRow>
          <DetailRow label="Progress">{Math.round(step.target.progress)}%</DetailRow>
        </SuccessStep>
      )}
    </Sheet>
  );
}
