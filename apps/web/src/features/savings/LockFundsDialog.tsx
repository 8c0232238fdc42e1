import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { type LockInput, type LockPreview, type LockedFund, savingsApi } from '../../api/savings';
import { formatLagosDate, formatNaira } from '@owo/contracts/format';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { DetailList, DetailRow } from '../../ui/DetailList';
import { Field } from '../../ui/Field';
import { PinStep } from '../../ui/PinStep';
import { SelectField } from '../../ui/Select';
import { Sheet } from '../../ui/Sheet';
import { SuccessStep } from '../../ui/SuccessHero';
import { AmountField, balanceHint } from '../../ui/AmountField';
import { toastError } from '../../lib/errors';
import { usePinAttempt } from '../../lib/use-pin-attempt';
import { PinSetupHint } from '../../ui/PinSetupHint';
import { useBalances } from '../wallet';
import { FALLBACK_LOCK_RATES, invalidateSavings, rateLabel, useLockRates } from './queries';
import { type LockForm, lockForm } from './schemas';
import { useGuardedClose } from '../../lib/use-guarded-close';

const DEFAULT_TITLE = 'Locked savings';

/** Interest, tax and payout of a lock preview. */
export function LockPreviewSummary({ preview }: { preview: LockPreview }) {
  return (
    <DetailList label="Lock preview">
      <DetailRow label="Amount">{formatNaira(preview.amount)}</DetailRow>
      <DetailRow label="Maturity date">{formatLagosDate(preview.maturityDate)}</DetailRow>
      <DetailRow label="Interest rate">{preview.interestRate}% a year</DetailRow>
      <DetailRow label="Interest">{formatNaira(preview.interest)}</DetailRow>
      <DetailRow label="Tax">-{formatNaira(preview.tax)}</DetailRow>
      <DetailRow label="Payout" strong>
        {formatNaira(preview.payout)}
      </DetailRow>
    </DetailList>
  );
}

type Step = { name: 'form' } | { name: 'pin'; body: LockInput; preview: LockPreview } | { name: 'done'; fund: LockedFund; message: string };

function toBody(v: LockForm): LockInput {
  return { amount: parseNairaToKobo(v.amount) ?? 0, durationDays: Number(v.durationDays), title: v.title.trim() || DEFAULT_TITLE };
}

/** "Lock funds": amount, duration and title, "Preview", then "Lock funds" -> PIN -> "Funds locked". */
export function LockFundsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const balances = useBalances();
  const rates = useLockRates();
  const options = rates.data ?? FALLBACK_LOCK_RATES;
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [preview, setPreview] = useState<{ body: LockInput; data: LockPreview } | null>(null);
  const attempt = usePinAttempt();
  const { setPin } = attempt;
  const { register, handleSubmit, watch, formState, reset, getValues, setValue } = useForm<LockForm>({
    resolver: zodResolver(lockForm),
    defaultValues: { amount: '', durationDays: '', title: '' },
  });

  useEffect(() => {
    if (!open) return;
    setStep({ name: 'form' });
    setPreview(null);
    setPin('');
    reset({ amount: '', durationDays: '', title: '' });
  }, [open, reset, setPin]);

  // Pick a sensible default duration once the rates are known (90 days when offered).
  const firstOption = options.find((r) => r.durationDays === 90) ?? options[0];
  useEffect(() => {
    if (open && firstOption && !getValues('durationDays')) setValue('durationDays', String(firstOption.durationDays));
  }, [open, firstOption, getValues, setValue]);

  // A preview only stands for the values it was made with.
  const amount = watch('amount');
  const durationDays = watch('durationDays');
  const title = watch('title');
  const current = JSON.stringify(toBody({ amount, durationDays, title }));
  const shown = preview && JSON.stringify(preview.body) === current ? preview : null;
  // Bring the preview and its "Lock funds" button into view (the form scrolls inside the sheet).
  const previewEnd = useRef<HTMLDivElement>(null);
  const hasPreview = shown !== null;
  useEffect(() => {
    if (hasPreview) previewEnd.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [hasPreview]);

  const previewLock = useMutation({
    mutationFn: (body: LockInput) => savingsApi.previewLock(body),
    onSuccess: (res, body) => setPreview({ body, data: res.data }),
    onError: toastError,
  });

  const lock = useMutation({
    mutationFn: (v: { body: LockInput; pin: string }) => savingsApi.lock(v.body, v.pin, attempt.idempotencyKey()),
    onSuccess: (res) => {
      void invalidateSavings(queryClient);
      toast.success(res.message || 'Funds locked');
      setStep({ name: 'done', fund: res.data, message: res.message });
    },
    onError: (err) => {
      toastError(err);
      attempt.failed(err);
    },
  });

  const close = useGuardedClose(lock.isPending, lock.reset, onClose);

  const e = formState.errors;
  return (
    <Sheet open={open} onClose={close} title={step.name === 'done' ? 'Funds locked' : 'Lock funds'}>
      <div className="-mx-1 max-h-[75dvh] overflow-y-auto px-1 pb-1">
        {step.name === 'form' ? (
          <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((v) => previewLock.mutate(toBody(v)))}>
            <p className="text-[15px] text-muted">
              Lock money away for a fixed time and earn more interest. You can withdraw it once it matures.
            </p>
            <AmountField
              autoFocus
              typed={amount}
              hint={balanceHint(balances.data?.walletBalance)}
              error={e.amount?.message}
              {...register('amount')}
            />
            <SelectField label="Duration" error={e.durationDays?.message} {...register('durationDays')}>
              {options.length === 0 ? <option value="">No durations on offer</option> : null}
              {options.map((r) => (
                <option key={r.durationDays} value={String(r.durationDays)}>
                  {rateLabel(r)}
                </option>
              ))}
            </SelectField>
            <Field
              label="Title"
              placeholder={DEFAULT_TITLE}
              maxLength={60}
              autoComplete="off"
              error={e.title?.message}
              {...register('title')}
            />
            {shown ? (
              <>
                <LockPreviewSummary preview={shown.data} />
                <Button
                  size="lg"
                  block
                  icon={<Lock className="size-5" aria-hidden="true" />}
                  onClick={() => {
                    attempt.begin();
                    lock.reset();
                    setStep({ name: 'pin', body: shown.body, preview: shown.data });
                  }}
                >
                  Lock funds
                </Button>
                <div ref={previewEnd} />
              </>
            ) : (
              <Button type="submit" size="lg" block loading={previewLock.isPending}>
                Preview
              </Button>
            )}
          </form>
        ) : step.name === 'pin' ? (
          <PinStep
            pin={attempt.pin}
            onPinChange={setPin}
            loading={lock.isPending}
            onBack={() => setStep({ name: 'form' })}
            onSubmit={(p) => lock.mutate({ body: step.body, pin: p })}
            error={<PinSetupHint error={lock.error} />}
          >
            Enter your PIN to lock <span className="font-semibold text-fg">{formatNaira(step.body.amount)}</span> until{' '}
            <span className="font-semibold text-fg">{formatLagosDate(step.preview.maturityDate)}</span>.
          </PinStep>
        ) : (
          <SuccessStep
            figure={formatNaira(step.fund.amount)}
            message={
              <>
                locked in <span className="font-semibold text-fg">{step.fund.title}</span>
              </>
            }
            onDone={close}
          >
            <DetailRow label="Matures on">{formatLagosDate(step.fund.maturityDate)}</DetailRow>
            <DetailRow label="Interest rate">{step.fund.interestRate}% a year</DetailRow>
            <DetailRow label="Payout" strong>
              {formatNaira(step.fund.payout)}
            </DetailRow>
          </SuccessStep>
        )}
      </div>
    </Sheet>
  );
}
