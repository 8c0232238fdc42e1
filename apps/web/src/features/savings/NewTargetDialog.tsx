import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { type SavingsTarget, savingsApi } from '../../api/savings';
import { formatLagosDate, formatNaira, lagosDay } from '@owo/contracts/format';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { DateField } from '../../ui/DateField';
import { DetailRow } from '../../ui/DetailList';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { Sheet } from '../../ui/Sheet';
import { SuccessStep } from '../../ui/SuccessHero';
import { AmountField } from '../../ui/AmountField';
import { toastError } from '../../lib/errors';
import { PinSetupHint } from '../../ui/PinSetupHint';
import { FREQUENCY_LABELS, FREQUENCY_WORDS } from './format';
import { invalidateSavings } from './queries';
import { type TargetForm, targetForm } from './schemas';
import { useAttemptKey } from '../../lib/use-attempt-key';

const EMPTY: TargetForm = { name: '', targetAmount: '', targetDate: '', autoSaveOn: false, autoSaveAmount: '', frequency: 'weekly' };

export function TargetFormFields({ onCreated }: { onCreated: (t: SavingsTarget, message: string) => void }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, watch, formState, control } = useForm<TargetForm>({
    resolver: zodResolver(targetForm),
    defaultValues: EMPTY,
  });
  const autoSaveOn = watch('autoSaveOn');
  // One Idempotency-Key per target: the same form sent again (after a lost connection) creates it once.
  const attempt = useAttemptKey();
  const create = useMutation({
    mutationFn: (v: TargetForm) => {
      const body = {
        name: v.name.trim(),
        targetAmount: parseNairaToKobo(v.targetAmount) ?? 0,
        targetDate: v.targetDate,
        ...(v.autoSaveOn ? { autoSave: { amount: parseNairaToKobo(v.autoSaveAmount) ?? 0, frequency: v.frequency } } : {}),
      };
      return savingsApi.createTarget(body, attempt.keyFor(body));
    },
    onSuccess: (res) => {
      attempt.done();
      void invalidateSavings(queryClient);
      toast.success(res.message || 'Savings target created');
      onCreated(res.data, res.message);
    },
    onError: toastError,
  });
  const e = formState.errors;
  return (
    <form onSubmit={handleSubmit((v) => create.mutate(v))} noValidate className="flex flex-col gap-4">
      <Field
        label="Target name"
        placeholder="e.g. New phone, School fees"
        maxLength={60}
        autoComplete="off"
        error={e.name?.message}
        {...register('name')}
      />
      <AmountField label="Target amount (₦)" typed={watch('targetAmount')} error={e.targetAmount?.message} {...register('targetAmount')} />
      <Controller
        control={control}
        name="targetDate"
        render={({ field }) => (
          <DateField
            label="Target date"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            min={lagosDay(new Date(), 1)}
            error={e.targetDate?.message}
          />
        )}
      />
      <div className="rounded-2xl bg-surface-2 p-4">
        <Checkbox label="Save automatically" hint="We move money from your wallet on a schedule." {...register('autoSaveOn')} />
        {autoSaveOn ? (
          <div className="mt-4 grid grid-cols-[1fr_auto] gap-3">
            <AmountField
              label="Amount per saving (₦)"
              typed={watch('autoSaveAmount')}
              error={e.autoSaveAmount?.message}
              {...register('autoSaveAmount')}
            />
            <SelectField label="How often" className="w-32" error={e.frequency?.message} {...register('frequency')}>
              {(Object.keys(FREQUENCY_LABELS) as Array<keyof typeof FREQUENCY_LABELS>).map((f) => (
                <option key={f} value={f}>
                  {FREQUENCY_LABELS[f]}
                </option>
              ))}
            </SelectField>
          </div>
        ) : null}
      </div>
      <PinSetupHint error={create.error} />
      <Button type="submit" size="lg" block loading={create.isPending}>
        Create target
      </Button>
    </form>
  );
}

function TargetCreated({ target, message, onDone }: { target: SavingsTarget; message: string; onDone: () => void }) {
  return (
    <SuccessStep
      figure={formatNaira(target.targetAmount)}
      message={
        <>
          {message || 'Savings target created'}: <span className="font-semibold text-fg">{target.name}</span>
        </>
      }
      onDone={onDone}
    >
      <DetailRow label="Target date">{formatLagosDate(target.targetDate)}</DetailRow>
      <DetailRow label="Saved so far">{formatNaira(target.savedAmount)}</DetailRow>
      <DetailRow label="Automatic saving">
        {target.autoSave ? `${formatNaira(target.autoSave.amount)} ${FREQUENCY_WORDS[target.autoSave.frequency]}` : 'Off'}
      </DetailRow>
      {target.autoSave ? <DetailRow label="First saving">{formatLagosDate(target.autoSave.nextRunAt)}</DetailRow> : null}
    </SuccessStep>
  );
}

/** "New savings target" form, then the "Target created" success modal. */
export function NewTargetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<{ target: SavingsTarget; message: string } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (open) setCreated(null);
  }, [open]);
  const latest = useRef(onClose);
  latest.current = onClose;
  const close = useCallback(() => {
    latest.current();
    setRound((r) => r + 1);
  }, []);
  return (
    <Sheet open={open} onClose={close} title={created ? 'Target created' : 'New savings target'}>
      <div className="-mx-1 max-h-[75dvh] overflow-y-auto px-1 pb-1">
        {created ? (
          <TargetCreated target={created.target} message={created.message} onDone={close} />
        ) : (
          <TargetFormFields key={round} onCreated={(target, message) => setCreated({ target, message })} />
        )}
      </div>
    </Sheet>
  );
}
