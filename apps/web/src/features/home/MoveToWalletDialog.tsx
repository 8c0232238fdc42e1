import { formatNaira } from '@owo/contracts/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { type BusinessWithdrawal, shopOrdersApi } from '../../api/shop-orders';
import { toastError } from '../../lib/errors';
import { nairaAmount } from '../../lib/form-schemas';
import { koboToNairaInput } from '../../lib/money';
import { useGuardedClose } from '../../lib/use-guarded-close';
import { usePinAttempt } from '../../lib/use-pin-attempt';
import { AmountStep } from '../../ui/AmountStep';
import { DetailRow } from '../../ui/DetailList';
import { PinSetupHint } from '../../ui/PinSetupHint';
import { PinStep } from '../../ui/PinStep';
import { Sheet } from '../../ui/Sheet';
import { SuccessStep } from '../../ui/SuccessHero';
import { invalidateMoney } from '../wallet';

type Step = { name: 'amount'; amount?: number } | { name: 'pin'; amount: number } | { name: 'done'; result: BusinessWithdrawal };

/** "Move to wallet": how much of the business wallet (all of it to start with), the PIN, then the new balances. */
export default function MoveToWalletDialog({ balance, onClose }: { balance: number; onClose: () => void }) {
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'amount' });
  const attempt = usePinAttempt();

  const move = useMutation({
    mutationFn: (v: { amount: number; pin: string }) => shopOrdersApi.businessWithdraw(v.amount, v.pin, attempt.idempotencyKey()),
    onSuccess: (res) => {
      toast.success(res.message || 'Moved to your wallet');
      setStep({ name: 'done', result: res.data });
      void invalidateMoney(qc);
    },
    onError: (err) => {
      toastError(err);
      attempt.failed(err);
    },
  });
  const close = useGuardedClose(move.isPending, move.reset, onClose);

  return (
    <Sheet open onClose={close} title={step.name === 'done' ? 'Moved to your wallet' : 'Move to wallet'}>
      {step.name === 'amount' ? (
        <AmountStep
          amount={nairaAmount(balance, formatNaira(balance), `You have ${formatNaira(balance)} in your business wallet`)}
          initial={koboToNairaInput(step.amount ?? balance)}
          hint={`Business wallet: ${formatNaira(balance)}`}
          onContinue={(amount) => {
            attempt.begin();
            move.reset();
            setStep({ name: 'pin', amount });
          }}
        >
          <p className="text-[15px] text-muted">Move money your shop earned into your main wallet, to spend or send.</p>
        </AmountStep>
      ) : step.name === 'pin' ? (
        <PinStep
          pin={attempt.pin}
          onPinChange={attempt.setPin}
          loading={move.isPending}
          onBack={() => setStep({ name: 'amount', amount: step.amount })}
          onSubmit={(p) => move.mutate({ amount: step.amount, pin: p })}
          submitLabel="Move"
          error={<PinSetupHint error={move.error} />}
        >
          Enter your PIN to move <span className="font-semibold text-fg">{formatNaira(step.amount)}</span> to your wallet.
        </PinStep>
      ) : (
        <SuccessStep figure={formatNaira(step.result.amount)} message="moved to your wallet" onDone={close}>
          <DetailRow label="Wallet balance">{formatNaira(step.result.walletBalance)}</DetailRow>
          <DetailRow label="Business wallet">{formatNaira(step.result.businessBalance)}</DetailRow>
        </SuccessStep>
      )}
    </Sheet>
  );
}
