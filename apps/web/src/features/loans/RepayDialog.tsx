import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { type Loan, loansApi } from '../../api/loans';
import { useGuardedClose } from '../../lib/use-guarded-close';
import { usePinAttempt } from '../../lib/use-pin-attempt';
import { formatNaira } from '@owo/contracts/format';
import { koboToNairaInput } from '../../lib/money';
import { PinStep } from '../../ui/PinStep';
import { Sheet } from '../../ui/Sheet';
import { PinSetupHint } from '../../ui/PinSetupHint';
import { balanceHint } from '../../ui/AmountField';
import { AmountStep } from '../../ui/AmountStep';
import { nairaAmount } from '../../lib/form-schemas';
import { useBalances } from '../wallet';
import { toastLoanError } from './errors';
import { invalidateLoans } from './queries';

/** "Repay loan": amount (prefilled with what is owed), then the PIN ("Transaction PIN", "Confirm"). */
export function RepayDialog({ loan, onClose }: { loan: Loan | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const balances = useBalances();
  const [step, setStep] = useState<{ name: 'amount'; amount?: number } | { name: 'pin'; amount: number }>({ name: 'amount' });
  const attempt = usePinAttempt();
  const { setPin } = attempt;

  useEffect(() => {
    setStep({ name: 'amount' });
    setPin('');
  }, [loan, setPin]);

  const repay = useMutation({
    mutationFn: (v: { id: string; amount: number | undefined; pin: string }) =>
      loansApi.repay(v.id, v.amount, v.pin, attempt.idempotencyKey()),
    onSuccess: (res) => {
      void invalidateLoans(queryClient);
      toast.success(res.message || 'Repayment received');
      repay.reset();
      onClose();
    },
    onError: (err) => {
      toastLoanError(err);
      attempt.failed(err);
    },
  });
  const close = useGuardedClose(repay.isPending, repay.reset, onClose);

  return (
    <Sheet open={loan !== null} onClose={close} title="Repay loan">
      {!loan ? null : step.name === 'amount' ? (
        <AmountStep
          amount={nairaAmount(loan.outstanding, formatNaira(loan.outstanding))}
          initial={koboToNairaInput(step.amount ?? loan.outstanding)}
          hint={balanceHint(balances.data?.walletBalance)}
          onContinue={(amount) => {
            attempt.begin();
            repay.reset();
            setStep({ name: 'pin', amount });
          }}
        >
          <p className="text-[15px] text-muted">
            You owe <span className="font-semibold text-fg">{formatNaira(loan.outstanding)}</span> on your {loan.name}.
          </p>
        </AmountStep>
      ) : (
        <PinStep
          pin={attempt.pin}
          onPinChange={setPin}
          loading={repay.isPending}
          onBack={() => setStep({ name: 'amount', amount: step.amount })}
          onSubmit={(p) => repay.mutate({ id: loan.id, amount: step.amount >= loan.outstanding ? undefined : step.amount, pin: p })}
          error={<PinSetupHint error={repay.error} />}
        >
          Enter your PIN to pay <span className="font-semibold text-fg">{formatNaira(step.amount)}</span> from your wallet towards your{' '}
          {loan.name}.
        </PinStep>
      )}
    </Sheet>
  );
}
