import { zodResolver } from '@hookform/resolvers/zod';
import type { FullUser } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { userApi } from '../../api/user';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CodeField } from '../../ui/CodeField';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Spinner';
import { useAuth } from './auth-store';
import { FormAlert } from '../../ui/FormAlert';
import { QueryError } from '../../ui/QueryError';
import { setPinForm, updatePinForm } from './schemas';
import { profileKey, useProfile } from './use-profile';

function SetPinForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useAuth((s) => s.userId);
  const { control, handleSubmit } = useForm({ resolver: zodResolver(setPinForm), defaultValues: { pin: '', confirm: '' } });
  const setPin = useMutation({
    mutationFn: (pin: string) => userApi.setPin(pin),
    onSuccess: async (res) => {
      queryClient.setQueryData<FullUser>(profileKey(userId), (u) => (u ? { ...u, hasPin: true } : u));
      toast.success(res.message || 'Transaction PIN set');
      await navigate('/account', { replace: true });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <form onSubmit={handleSubmit((v) => setPin.mutate(v.pin))} noValidate className="flex flex-col gap-6">
      <CodeField control={control} name="pin" label="New PIN" length={4} mask autoComplete="off" autoFocus />
      <CodeField control={control} name="confirm" label="Confirm PIN" length={4} mask autoComplete="off" />
      <FormAlert message={setPin.isError ? errorMessage(setPin.error) : null} />
      <Button type="submit" size="lg" block loading={setPin.isPending}>
        Set PIN
      </Button>
    </form>
  );
}

function UpdatePinForm() {
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm({ resolver: zodResolver(updatePinForm), defaultValues: { oldPin: '', pin: '', confirm: '' } });
  const update = useMutation({
    mutationFn: (v: { oldPin: string; pin: string }) => userApi.updatePin(v.oldPin, v.pin),
    onSuccess: async (res) => {
      toast.success(res.message || 'Transaction PIN updated');
      await navigate('/account', { replace: true });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <form onSubmit={handleSubmit((v) => update.mutate(v))} noValidate className="flex flex-col gap-6">
      <CodeField control={control} name="oldPin" label="Current PIN" length={4} mask autoComplete="off" autoFocus />
      <CodeField control={control} name="pin" label="New PIN" length={4} mask autoComplete="off" />
      <CodeField control={control} name="confirm" label="Confirm new PIN" length={4} mask autoComplete="off" />
      <FormAlert message={update.isError ? errorMessage(update.error) : null} />
      <Button type="submit" size="lg" block loading={update.isPending}>
        Update PIN
      </Button>
    </form>
  );
}

export default function PinPage() {
  const profile = useProfile();
  const hasPin = profile.data?.hasPin;
  const title = profile.data ? (hasPin ? 'Update transaction PIN' : 'Set transaction PIN') : 'Transaction PIN';
  return (
    <>
      <PageHeader title={title} back="/account" backLabel="Back to account" />
      <Card>
        {profile.isPending ? (
          <div className="flex flex-col gap-5" aria-busy="true" aria-label="Loading">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : profile.isError ? (
          <QueryError error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <>
            <div className="mb-6 flex gap-3 rounded-2xl bg-brand-soft p-4 text-sm text-fg">
              <ShieldCheck className="size-5 shrink-0 text-brand-fg" aria-hidden="true" />
              <p>
                {hasPin
                  ? 'Enter your current PIN, then choose a new 4-digit PIN.'
                  : 'Your 4-digit PIN approves transfers, bill payments and other money moves. Don\u2019t share it with anyone.'}
              </p>
            </div>
            {hasPin ? <UpdatePinForm /> : <SetPinForm />}
          </>
        )}
      </Card>
    </>
  );
}
