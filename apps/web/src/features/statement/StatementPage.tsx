import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FileText, MailCheck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '../../lib/toast';
import { NO_TOKEN_CODE, NO_TOKEN_MESSAGE, authToken } from '../../api/client';
import { type StatementResult, savingsApi } from '../../api/savings';
import { formatLagosDate, formatNaira, lagosDay } from '@owo/contracts/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DetailRow } from '../../ui/DetailList';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { PinStep } from '../../ui/PinStep';
import { Sheet } from '../../ui/Sheet';
import { SuccessStep } from '../../ui/SuccessHero';
import { useProfile } from '../account';
import { toastError } from '../../lib/errors';
import { useGuardedClose } from '../../lib/use-guarded-close';
import { usePinAttempt } from '../../lib/use-pin-attempt';
import { PinSetupHint } from '../../ui/PinSetupHint';

export const EMAIL_MISMATCH_MESSAGE = 'Email verification failed!';

/** The typed email matches the account's (trimmed, case-insensitive). */
export function sameEmail(typed: string, actual: string | null | undefined): boolean {
  return Boolean(actual) && typed.trim().toLowerCase() === (actual ?? '').trim().toLowerCase();
}

type Range = { from: string; to: string };

const emailForm = z.object({ email: z.string().trim().min(1, 'Enter the email address on your account') });

/** The period: both days chosen, the last not after today, the first not after the last. */
const rangeForm = (today: string) =>
  z
    .object({
      from: z.string().min(1, 'Choose the first day'),
      to: z
        .string()
        .min(1, 'Choose the last day')
        .refine((to) => to <= today, 'The statement cannot end in the future'),
    })
    .refine((v) => v.from <= v.to, { path: ['from'], message: '“From” must be on or before “To”' });
type Step = { name: 'email' } | { name: 'pin'; email: string } | { name: 'done'; result: StatementResult; message: string };

function StatementDialog({ range, onClose }: { range: Range | null; onClose: () => void }) {
  const profile = useProfile();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const { register, handleSubmit, formState, reset } = useForm<z.infer<typeof emailForm>>({
    resolver: zodResolver(emailForm),
    defaultValues: { email: '' },
  });
  const attempt = usePinAttempt();
  const { setPin } = attempt;

  const send = useMutation({
    mutationFn: (v: { range: Range; email: string; pin: string }) => savingsApi.statement({ ...v.range, email: v.email }, v.pin),
    onSuccess: (res) => {
      toast.success(res.message || `Your statement is on its way to ${res.data.sentTo}`);
      setStep({ name: 'done', result: res.data, message: res.message });
    },
    onError: (err) => {
      toastError(err);
      attempt.failed(err);
    },
  });

  const close = useGuardedClose(send.isPending, send.reset, () => {
    setStep({ name: 'email' });
    reset({ email: '' });
    setPin('');
    onClose();
  });

  const checkEmail = handleSubmit(({ email }) => {
    const actual = profile.data?.email;
    if (!actual) {
      toast.error(profile.isError ? "We couldn't load your profile. Try again." : 'Still loading your profile. Try again in a moment.');
      return;
    }
    if (!sameEmail(email, actual)) {
      toast.error(EMAIL_MISMATCH_MESSAGE);
      return;
    }
    send.reset();
    attempt.begin();
    setStep({ name: 'pin', email: email.toLowerCase() });
  });

  const title = step.name === 'email' ? 'Confirm your email' : step.name === 'pin' ? 'Enter your PIN' : 'Statement sent';
  return (
    <Sheet open={range !== null} onClose={close} title={title}>
      {!range ? null : step.name === 'email' ? (
        <form onSubmit={checkEmail} noValidate className="flex flex-col gap-5">
          <p className="text-[15px] text-muted">
            We will email your statement for <span className="font-semibold text-fg">{formatLagosDate(range.from)}</span> to{' '}
            <span className="font-semibold text-fg">{formatLagosDate(range.to)}</span>. Type the email address on your account to confirm it
            is you.
          </p>
          <Field
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="lg" block>
            Continue
          </Button>
        </form>
      ) : step.name === 'pin' ? (
        <PinStep
          pin={attempt.pin}
          onPinChange={setPin}
          submitLabel="Send statement"
          loading={send.isPending}
          onBack={() => setStep({ name: 'email' })}
          onSubmit={(p) => send.mutate({ range, email: step.email, pin: p })}
          error={<PinSetupHint error={send.error} />}
        >
          Enter your transaction PIN to send the statement to <span className="font-semibold text-fg">{step.email}</span>.
        </PinStep>
      ) : (
        <SuccessStep
          message={
            <p>
              Your statement is on its way to <span className="font-semibold text-fg">{step.result.sentTo}</span>. It can take a few minutes
              to arrive.
            </p>
          }
          onDone={close}
        >
          <DetailRow label="Period">
            {formatLagosDate(range.from)} – {formatLagosDate(range.to)}
          </DetailRow>
          <DetailRow label="Transactions">{step.result.transactions}</DetailRow>
          <DetailRow label="Opening balance">{formatNaira(step.result.openingBalance)}</DetailRow>
          <DetailRow label="Closing balance">{formatNaira(step.result.closingBalance)}</DetailRow>
        </SuccessStep>
      )}
    </Sheet>
  );
}

const firstOfMonth = () => `${lagosDay().slice(0, 8)}01`;

export default function StatementPage() {
  const today = lagosDay();
  const { control, handleSubmit, watch, reset } = useForm<Range>({
    resolver: zodResolver(rangeForm(today)),
    defaultValues: { from: firstOfMonth(), to: today },
  });
  const [from, to] = [watch('from'), watch('to')];
  const [range, setRange] = useState<Range | null>(null);
  const closeDialog = useCallback(() => setRange(null), []);

  const request = handleSubmit((chosen) => {
    if (!authToken()) {
      toast.error(NO_TOKEN_MESSAGE, { id: NO_TOKEN_CODE });
      return;
    }
    setRange(chosen);
  });

  return (
    <>
      <PageHeader title="Account statement" back="/account" backLabel="Back to account" />
      <Card className="mb-4 flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-fg" aria-hidden="true">
          <FileText className="size-5" />
        </span>
        <p className="text-[15px] text-muted">
          Get a PDF of every transaction in a period, sent to the email on your account. Banks and embassies accept it as proof of income.
        </p>
      </Card>
      <form onSubmit={request} noValidate className="flex flex-col gap-5">
        <Card className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-3">
            <Controller
              control={control}
              name="from"
              render={({ field, fieldState }) => (
                <DateField label="From" value={field.value} max={to || today} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
            <Controller
              control={control}
              name="to"
              render={({ field, fieldState }) => (
                <DateField
                  label="To"
                  value={field.value}
                  min={from || undefined}
                  max={today}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
            {[
              { label: 'This month', from: firstOfMonth() },
              { label: 'Last 3 months', from: lagosDay(new Date(), -90) },
              { label: 'Last 12 months', from: lagosDay(new Date(), -365) },
            ].map((r) => (
              <button
                key={r.label}
                type="button"
                onClick={() => reset({ from: r.from, to: today })}
                className="min-h-9 rounded-full border border-line px-3 text-sm font-medium text-fg transition-colors hover:bg-surface-2"
              >
                {r.label}
              </button>
            ))}
          </div>
        </Card>
        <Button type="submit" size="lg" block icon={<MailCheck className="size-5" aria-hidden="true" />}>
          Request statement
        </Button>
      </form>
      <StatementDialog range={range} onClose={closeDialog} />
    </>
  );
}
