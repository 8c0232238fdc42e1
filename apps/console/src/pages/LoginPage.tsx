import { zodResolver } from '@hookform/resolvers/zod';
import { staffLoginBody } from '@owo/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { Field } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { call, messageOf } from '../api';
import { fieldErrorText, useServerErrors } from '../forms';
import { sessionEndedReason, signIn, useToken } from '../session';
import { Brand } from '../ui';

/** Staff sign-in: email, password and the code of the authenticator app (or a recovery code). */
export function LoginPage() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(staffLoginBody), defaultValues: { email: '', password: '', code: '' } });
  const login = useMutation({
    mutationFn: async (body: z.output<typeof staffLoginBody>) => (await call('POST /api/staff/auth/login', { body })).data,
    onSuccess: (data) => {
      signIn(data.token);
      void navigate('/', { replace: true });
    },
  });
  const onServerError = useServerErrors(form, ['email', 'password', 'code']);
  if (useToken() && !login.isPending) return <Navigate to="/" replace />;
  const fieldError = (name: 'email' | 'password' | 'code') => fieldErrorText(form, name);
  const submit = form.handleSubmit((body) => login.mutate(body, { onError: onServerError }));
  const ended = sessionEndedReason();
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <Card className="w-full max-w-sm p-6">
        <Brand className="mb-6" />
        <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
        <p className="mt-1 mb-5 text-[15px] text-muted">For Owo staff only. Every action you take is recorded.</p>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {ended && !login.error ? <FormAlert message={ended} /> : null}
          <FormAlert message={login.error ? messageOf(login.error) : null} />
          <Field label="Work email" type="email" autoComplete="username" error={fieldError('email')} {...form.register('email')} />
          <Field
            label="Password"
            type="password"
            revealable
            autoComplete="current-password"
            error={fieldError('password')}
            {...form.register('password')}
          />
          <Field
            label="Authenticator code"
            inputMode="text"
            autoComplete="one-time-code"
            hint="The 6 digits your authenticator app shows, or one of your recovery codes."
            error={fieldError('code')}
            {...form.register('code')}
          />
          <Button type="submit" block loading={login.isPending}>
            Sign in
          </Button>
        </form>
      </Card>
    </main>
  );
}
