import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { walletApi } from '../../api/wallet';
import { formatNaira } from '@owo/contracts/format';
import { parseNairaToKobo } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CodeField } from '../../ui/CodeField';
import { ProgressBar } from '../../ui/ProgressBar';
import { Skeleton } from '../../ui/Spinner';
import { QueryError } from '../../ui/QueryError';
import { useSpendingLimit, walletKeys } from '../wallet';
import { AmountField } from '../../ui/AmountField';
import { MoneyError } from '../../ui/MoneyError';
import { errorCode, toastError } from '../../lib/errors';
import { type LimitForm, limitForm } from './schemas';
import { pin as pinSchema } from '../../lib/form-schemas';

function LimitSummary() {
  const limit = useSpendingLimit();
  if (limit.isPending)
    return (
      <Card className="flex flex-col gap-3" aria-busy="true" aria-label="Loading your spending limit">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-2 w-full" />
      </Card>
    );
  if (limit.isError) return <QueryError error={limit.error} onRetry={() => void limit.refetch()} title="We couldn't load your limit" />;
  const { dailyLimit, spentToday, remainingToday } = limit.data;
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-fg" aria-hidden="true">
          <Gauge className="size-5" />
        </span>
        <div className="flex-1">
          <h2 className="text-sm font-medium text-muted">Daily spending limit</h2>
          <p className="text-2xl font-bold tracking-tight tabular-nums">{dailyLimit === null ? 'No limit' : formatNaira(dailyLimit)}</p>
        </div>
      </div>
      {dailyLimit !== null ? (
        <ProgressBar value={dailyLimit > 0 ? spentToday / dailyLimit : 0} label="Spent today against your daily limit" className="h-2.5" />
      ) : null}
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-muted">Spent today</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{formatNaira(spentToday)}</dd>
        </div>
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-muted">Remaining</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{remainingToday === null ? 'Unlimited' : formatNaira(remainingToday)}</dd>
        </div>
      </dl>
    </Card>
  );
}

export default function SpendingLimitTab() {
  const queryClient = useQueryClient();
  const current = useSpendingLimit();
  const [removePinError, setRemovePinError] = useState<string | undefined>();
  const { register, handleSubmit, watch, reset, formState, control, setValue, getValues } = useForm<LimitForm>({
    resolver: zodResolver(limitForm),
    defaultValues: { dailyLimit: '', pin: '' },
  });
  const save = useMutation({
    mutationFn: (v: { dailyLimit: number | null; pin: string }) => walletApi.setSpendingLimit(v.dailyLimit, v.pin),
    onSuccess: (res, v) => {
      queryClient.setQueryData(walletKeys.spendingLimit, res.data);
      void queryClient.invalidateQueries({ queryKey: walletKeys.spendingLimit });
      toast.success(res.message || (v.dailyLimit === null ? 'Spending limit removed' : 'Spending limit saved'));
      reset({ dailyLimit: '', pin: '' });
    },
    onError: (err) => {
      toastError(err);
      if (errorCode(err) === 'PIN_INCORRECT') setValue('pin', '');
    },
  });
  const onRemove = () => {
    const p = pinSchema.safeParse(getValues('pin'));
    if (!p.success) {
      setRemovePinError('Enter your 4-digit PIN to remove the limit');
      return;
    }
    setRemovePinError(undefined);
    save.mutate({ dailyLimit: null, pin: p.data });
  };
  const hasLimit = current.data?.dailyLimit != null;
  return (
    <div className="flex flex-col gap-4">
      <LimitSummary />
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={handleSubmit((v) => {
          setRemovePinError(undefined);
          save.mutate({ dailyLimit: parseNairaToKobo(v.dailyLimit), pin: v.pin });
        })}
      >
        <Card className="flex flex-col gap-5">
          <p className="text-[15px] text-muted">
            Cap how much can leave your wallet each day. Transfers over the limit are refused until midnight.
          </p>
          <AmountField
            label="Daily limit (₦)"
            typed={watch('dailyLimit')}
            error={formState.errors.dailyLimit?.message}
            {...register('dailyLimit')}
          />
          <CodeField
            control={control}
            name="pin"
            label="Transaction PIN"
            length={4}
            mask
            error={removePinError}
            onValueChange={() => setRemovePinError(undefined)}
          />
        </Card>
        <MoneyError error={save.error} />
        <Button type="submit" size="lg" block loading={save.isPending && save.variables?.dailyLimit !== null}>
          Save limit
        </Button>
        {hasLimit ? (
          <Button variant="danger" size="lg" block loading={save.isPending && save.variables?.dailyLimit === null} onClick={onRemove}>
            Remove limit
          </Button>
        ) : null}
      </form>
    </div>
  );
}
