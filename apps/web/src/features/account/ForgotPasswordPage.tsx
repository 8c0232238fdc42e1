import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { userApi } from '../../api/user';
import { formatPhone, toE164 } from '../../lib/phone';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/CodeField';
import { Field } from '../../ui/Field';
import { Tabs } from '../../ui/Tabs';
import { AuthHeading } from './AuthHeading';
import { NewPasswordField } from './NewPasswordField';
import { FormAlert } from '../../ui/FormAlert';
import { resetForm, resetRequestEmailForm, resetRequestPhoneForm } from './schemas';

type Method = 'phone' | 'email';
const METHODS = [
  { id: 'phone', label: 'Phone' },
  { id: 'email', label: 'Email' },
] as const;

function RequestStep({ onSent }: { onSent: (method: Method, username: string) => void }) {
  const [method, setMethod] = useState<Method>('phone');
  const phoneForm = useForm({ resolver: zodResolver(resetRequestPhoneForm), defaultValues: { phoneNumber: '' } });
  const emailForm = useForm({ resolver: zodResolver(resetRequestEmailForm), defaultValues: { email: '' } });

  const send = useMutation({
    mutationFn: async (v: { method: Method; username: string }) =>
      v.method === 'phone' ? userApi.initiatePasswordReset({ phoneNumber: v.username }) : userApi.forgotPassword({ email: v.username }),
    onSuccess: (res, v) => {
      toast.success(res.message || 'We sent you a reset code');
      onSent(v.method, v.username);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const submitPhone = phoneForm.handleSubmit(({ phoneNumber }) =>
    send.mutate({ method: 'phone', username: toE164(phoneNumber) ?? phoneNumber }),
  );
  const submitEmail = emailForm.handleSubmit(({ email }) => send.mutate({ method: 'email', username: email }));

  return (
    <>
      <AuthHeading title="Reset your password">
        We&apos;ll send you a code to confirm it&apos;s you, then you can choose a new password.
      </AuthHeading>
      <Tabs
        label="Send the code by"
        tabs={METHODS}
        value={method}
        onChange={(m) => {
          setMethod(m);
          send.reset();
        }}
        className="mb-6"
      />
      {method === 'phone' ? (
        <form onSubmit={submitPhone} noValidate className="flex flex-col gap-5">
          <Field
            label="Phone number"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="0803 000 0000"
            hint="The number on your Owo account."
            error={phoneForm.formState.errors.phoneNumber?.message}
            {...phoneForm.register('phoneNumber')}
          />
          <FormAlert message={send.isError ? errorMessage(send.error) : null} />
          <Button type="submit" size="lg" block loading={send.isPending}>
            Send code
          </Button>
        </form>
      ) : (
        <form onSubmit={submitEmail} noValidate className="flex flex-col gap-5">
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            placeholder="you@example.com"
            hint="The email on your Owo account."
            error={emailForm.formState.errors.email?.message}
            {...emailForm.register('email')}
          />
          <FormAlert message={send.isError ? errorMessage(send.error) : null} />
          <Button type="submit" size="lg" block loading={send.isPending}>
            Send code
          </Button>
        </form>
      )}
    </>
  );
}

function ResetStep({ method, username, onBack }: { method: Method; username: string; onBack: () => void }) {
  const navigate = useNavigate();
  const { control, register, handleSubmit, formState } = useForm({
    resolver: zodResolver(resetForm),
    defaultValues: { otp: '', password: '' },
  });

  const reset = useMutation({
    mutationFn: async ({ otp, password }: { otp: string; password: string }) => {
      const { data } = await userApi.verifyResetOtp({ username, otp });
      return userApi.resetPassword({ resetToken: data.resetToken, password });
    },
    onSuccess: async (res) => {
      toast.success(res.message || 'Password reset. Log in with your new password.');
      await navigate('/login', { replace: true, state: { username } });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const resend = useMutation({
    mutationFn: () =>
      method === 'phone'
        ? userApi.resendOtp({ phoneNumber: username, purpose: 'reset_password' })
        : userApi.forgotPassword({ email: username }),
    // As the page, the number or address in full (the server's text masks it).
    onSuccess: () => toast.success(`We sent a new code to ${method === 'phone' ? formatPhone(username) : username}`),
    onError: (err) => toast.error(errorMessage(err)),
  });

  return (
    <>
      <AuthHeading title="Reset your password">
        Enter the code we sent to{' '}
        <strong className="font-semibold whitespace-nowrap text-fg">{method === 'phone' ? formatPhone(username) : username}</strong> and
        choose a new password.
      </AuthHeading>
      <form onSubmit={handleSubmit((v) => reset.mutate(v))} noValidate className="flex flex-col gap-5">
        <CodeField control={control} name="otp" label="Reset code" length={6} autoComplete="one-time-code" autoFocus />
        <NewPasswordField error={formState.errors.password?.message} {...register('password')} />
        <FormAlert message={reset.isError ? errorMessage(reset.error) : null} />
        <Button type="submit" size="lg" block loading={reset.isPending}>
          Reset password
        </Button>
        <div className="flex items-center justify-between">
          <Button variant="ghost" size="sm" className="px-2" onClick={onBack}>
            Use a different {method === 'phone' ? 'number' : 'email'}
          </Button>
          <Button variant="ghost" size="sm" className="px-2" loading={resend.isPending} onClick={() => resend.mutate()}>
            Resend code
          </Button>
        </div>
      </form>
    </>
  );
}

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<{ method: Method; username: string } | null>(null);
  return (
    <>
      {sent ? (
        <ResetStep method={sent.method} username={sent.username} onBack={() => setSent(null)} />
      ) : (
        <RequestStep onSent={(method, username) => setSent({ method, username })} />
      )}
      <p className="mt-auto pt-10 text-center text-[15px] text-muted">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-brand-fg">
          Back to log in
        </Link>
      </p>
    </>
  );
}
