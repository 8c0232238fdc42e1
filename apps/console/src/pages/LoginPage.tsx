import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { Field } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { call, fieldErrorOf, messageOf } from '../api';
import { sessionEndedReason, signIn, useToken } from '../session';
import { Brand } from '../ui';

/** Staff sign-in: email, password and the code of the authenticator app (or a recovery code). */
export function LoginPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', password: '', code: '' });
  const login = useMutation({
    mutationFn: async () => (await call('POST /api/staff/auth/login', { body: form })).data,
    onSuccess: (data) => {
      signIn(data.token);
      void navigate('/', { replace: true });
    },
  });
  if (useToken() && !login.isPending) return <Navigate to="/" replace />;
  const fieldError = (name: string) => fieldErrorOf(login.error, name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
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
          <Field
            label="Work email"
            type="email"
            autoComplete="username"
            value={form.email}
            error={fieldError('email')}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
          <Field
            label="Password"
            type="password"
            revealable
            autoComplete="current-password"
            value={form.password}
            error={fieldError('password')}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
          <Field
            label="Authenticator code"
            inputMode="text"
            autoComplete="one-time-code"
            hint="The 6 digits your authenticator app shows, or one of your recovery codes."
            value={form.code}
            error={fieldError('code')}
            onChange={(e) => setForm({ ...form, code: e.target.value })}
          />
          <Button type="submit" block loading={login.isPending}>
            Sign in
          </Button>
        </form>
      </Card>
    </main>
  );
}
