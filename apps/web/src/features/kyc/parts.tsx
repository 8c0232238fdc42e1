import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { useRefreshAfterKyc } from './queries';

/** Sends a verification step; once it is in: says so, refreshes what it changes and goes back to the limits. */
export function useKycStep(send: () => Promise<{ message: string }>) {
  const refresh = useRefreshAfterKyc();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: send,
    onSuccess: async (res) => {
      toast.success(res.message);
      await refresh();
      await navigate('/account/limits', { replace: true });
    },
  });
}

/** A verification step's screen: its fields in a card, why it failed, and the button that sends it. */
export function KycForm({
  title,
  intro,
  step,
  submitLabel,
  onSubmit,
  children,
}: {
  title: string;
  intro?: ReactNode;
  step: ReturnType<typeof useKycStep>;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} back="/account/limits" backLabel="Back to limits" />
      <Card>
        {intro ? <p className="mb-5 text-[15px] text-muted">{intro}</p> : null}
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <FormAlert message={step.isError ? errorMessage(step.error) : null} />
          <Button type="submit" size="lg" block loading={step.isPending}>
            {submitLabel}
          </Button>
        </form>
      </Card>
    </>
  );
}
