import { zodResolver } from '@hookform/resolvers/zod';
import { enrollBody } from '@owo/contracts';
import { useMutation } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { Checkbox } from '@web/ui/Checkbox';
import { EmptyState } from '@web/ui/EmptyState';
import { Field } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { PageLoader } from '@web/ui/Spinner';
import { call, messageOf } from '../api';
import { fieldErrorText, useServerErrors } from '../forms';
import { signIn } from '../session';
import { Brand, ROLE_LABELS } from '../ui';

/** The enrolment's form: the contracts' password and code, and the password typed again. */
const enrollForm = enrollBody
  .omit({ token: true })
  .extend({ again: z.string() })
  .refine((v) => v.password === v.again, { path: ['again'], message: 'The two passwords are not the same' });
type EnrollForm = z.output<typeof enrollForm>;

/** The invitation's token, from the link's fragment (#token=...: never sent to a server or a referrer). */
const tokenFromLink = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      icon={done ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setDone(true))}
    >
      {done ? 'Copied' : label}
    </Button>
  );
}

/**
 * Joining the console through an invitation: add the key to an authenticator app (QR code or typed),
 * choose a password, confirm a first code, then keep the recovery codes, shown this once.
 */
export function EnrollPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromLink);
  const form = useForm({ resolver: zodResolver(enrollForm), defaultValues: { password: '', again: '', code: '' } });
  const [saved, setSaved] = useState(false);
  const invitation = useMutation({ mutationFn: async () => (await call('POST /api/staff/auth/enrollment', { body: { token } })).data });
  const enroll = useMutation({
    mutationFn: async (v: EnrollForm) =>
      (await call('POST /api/staff/auth/enroll', { body: { token, password: v.password, code: v.code } })).data,
  });
  const onServerError = useServerErrors(form, ['password', 'code']);
  const { mutate: open } = invitation;
  useEffect(() => {
    if (token) open();
  }, [token, open]);
  const qr = useMemo(
    () => (invitation.data ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(invitation.data.otpauthUrl, { border: 2 }))}` : null),
    [invitation.data],
  );

  if (!token || invitation.isError) {
    return (
      <main className="mx-auto max-w-md px-4 py-16">
        <EmptyState icon={<KeyRound className="size-9" />} level={1} title="This invitation link does not work" tone="danger">
          {token ? messageOf(invitation.error) : 'Open the link from your invitation email as it is.'}
        </EmptyState>
      </main>
    );
  }
  if (!invitation.data) return <PageLoader label="Opening your invitation" />;
  const inv = invitation.data;

  if (enroll.data) {
    const codes = enroll.data.recoveryCodes;
    return (
      <main className="mx-auto max-w-lg px-4 py-10">
        <h1 className="text-2xl font-bold tracking-tight">Keep your recovery codes</h1>
        <p className="mt-2 text-[15px] text-muted">
          If you lose your phone, each of these codes signs you in once instead of the authenticator code. Keep them somewhere safe: they
          are not shown again.
        </p>
        <Card className="mt-5">
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-base">
            {codes.map((c) => (
              <li key={c} className="rounded-xl bg-surface-2 px-3 py-2 text-center tracking-wider">
                {c}
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <CopyButton text={codes.join('\n')} label="Copy the codes" />
          </div>
        </Card>
        <div className="mt-5 flex flex-col gap-4">
          <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} label="I have saved my recovery codes" />
          <Button
            block
            disabled={!saved}
            onClick={() => {
              signIn(enroll.data.token);
              void navigate('/', { replace: true });
            }}
          >
            Go to the console
          </Button>
        </div>
      </main>
    );
  }

  const fieldError = (name: 'password' | 'again' | 'code') => fieldErrorText(form, name);
  const submit = form.handleSubmit((v) => enroll.mutate(v, { onError: onServerError }));
  return (
    <main className="mx-auto max-w-lg px-4 py-10">
      <Brand className="mb-4" />
      <h1 className="text-2xl font-bold tracking-tight">Welcome, {inv.name}</h1>
      <p className="mt-1 text-[15px] text-muted">
        You are joining as {ROLE_LABELS[inv.role]} ({inv.email}). Two steps and you are in.
      </p>
      <Card className="mt-6">
        <h2 className="text-lg font-bold">1. Add Owo Console to your authenticator app</h2>
        <p className="mt-1 text-sm text-muted">
          Scan the code with Google Authenticator, Authy, 1Password or any TOTP app, or type the key.
        </p>
        <div className="mt-4 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          {qr ? <img src={qr} alt="QR code of your authenticator key" className="size-44 rounded-xl bg-white p-1" /> : null}
          <div className="flex min-w-0 flex-col gap-2">
            <span className="text-sm text-muted">Key</span>
            <code aria-label="Authenticator key" className="rounded-xl bg-surface-2 px-3 py-2 font-mono text-sm break-all">
              {inv.secret.match(/.{1,4}/g)?.join(' ')}
            </code>
            <CopyButton text={inv.secret} label="Copy the key" />
          </div>
        </div>
      </Card>
      <Card className="mt-4">
        <h2 className="text-lg font-bold">2. Choose a password and confirm a code</h2>
        <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormAlert message={enroll.error && !fieldError('password') && !fieldError('code') ? messageOf(enroll.error) : null} />
          <Field
            label="Password"
            type="password"
            revealable
            autoComplete="new-password"
            hint="At least 12 characters. A few words make a good one."
            error={fieldError('password')}
            {...form.register('password')}
          />
          <Field
            label="The password again"
            type="password"
            autoComplete="new-password"
            error={fieldError('again')}
            {...form.register('again')}
          />
          <Field
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={fieldError('code')}
            {...form.register('code')}
          />
          <Button type="submit" block loading={enroll.isPending}>
            Finish
          </Button>
        </form>
      </Card>
    </main>
  );
}
