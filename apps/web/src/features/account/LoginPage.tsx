import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError, errorMessage } from '../../api/client';
import { userApi } from '../../api/user';
import { deviceHeaders } from '../../lib/device';
import { formatPhone, looksLikePhone, toE164 } from '../../lib/phone';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { AuthHeading } from './AuthHeading';
import { useAuth } from './auth-store';
import { FormAlert } from '../../ui/FormAlert';

export const LOGIN_FAILED = 'Incorrect username or password';

// Only a login from a new device needs the code step: its own chunk, off the first load.
const NewDeviceStep = lazy(() => import('./NewDeviceStep'));

/**
 * The first screen checks only that both fields are filled, with react-hook-form's own rules: no
 * zod and no contract schemas on the first load (the server validates the rest). Other forms use
 * the contracts' schemas.
 */
type LoginFields = { username: string; password: string };
const usernameRules = {
  setValueAs: (v: string) => v.trim(),
  required: 'Enter your email or phone number',
  maxLength: { value: 254, message: 'That is longer than any email or phone number' },
};
const passwordRules = { required: 'Enter your password', maxLength: { value: 128, message: 'Passwords are at most 128 characters' } };

export default function LoginPage() {
  const login = useAuth((s) => s.login);
  const loading = useAuth((s) => s.loading);
  const setPhoneNumber = useAuth((s) => s.setPhoneNumber);
  const location = useLocation();
  const navigate = useNavigate();
  const prefill = (location.state as { username?: string } | null)?.username ?? '';
  const [failure, setFailure] = useState<{ message: string; code: string } | null>(null);
  const [newDevice, setNewDevice] = useState<{ username: string; password: string; message: string } | null>(null);
  const [resending, setResending] = useState(false);

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginFields>({ defaultValues: { username: prefill, password: '' } });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      await login(username, password, { device: deviceHeaders() });
      // The sign-up's and sign-in's messages ("Phone number verified") belong to these screens: they
      // must not cover the first screen of the app.
      toast.dismiss();
      // GuestOnly sends the now signed-in user on to where they were going.
    } catch (err) {
      const message = errorMessage(err, LOGIN_FAILED);
      if (err instanceof ApiError && err.code === 'NEW_DEVICE') {
        setNewDevice({ username, password, message });
        return;
      }
      setFailure({ message, code: err instanceof ApiError ? err.code : 'UNKNOWN' });
      toast.error(message);
    }
  });

  const goVerify = async () => {
    const username = getValues('username');
    const phone = looksLikePhone(username) ? toE164(username) : null;
    setPhoneNumber(phone);
    if (phone) {
      setResending(true);
      try {
        await userApi.resendOtp({ phoneNumber: phone, purpose: 'verify_mobile' });
        // As the verify page, the number in full (the server's text masks it).
        toast.success(`We sent a new code to ${formatPhone(phone)}`);
      } catch (err) {
        toast.error(errorMessage(err, 'We could not send a new code'));
      } finally {
        setResending(false);
      }
    }
    await navigate('/verify');
  };

  if (newDevice) {
    return (
      <Suspense fallback={<AuthHeading title="Confirm this device">{newDevice.message}</AuthHeading>}>
        <NewDeviceStep {...newDevice} onBack={() => setNewDevice(null)} />
      </Suspense>
    );
  }

  return (
    <>
      <AuthHeading title="Welcome back">Log in with your email or phone number to continue.</AuthHeading>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <Field
          label="Email or phone number"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com or 0803 000 0000"
          error={errors.username?.message}
          {...register('username', usernameRules)}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          revealable
          error={errors.password?.message}
          trailingLabel={
            <Link to="/forgot-password" className="-my-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-fg">
              Forgot password?
            </Link>
          }
          {...register('password', passwordRules)}
        />
        <FormAlert message={failure?.message}>
          {failure?.code === 'PHONE_NOT_VERIFIED' ? (
            <Button variant="outline" size="sm" className="mt-3" loading={resending} onClick={() => void goVerify()}>
              Verify my phone number
            </Button>
          ) : null}
        </FormAlert>
        <Button type="submit" size="lg" block loading={loading}>
          Log in
        </Button>
      </form>
      <p className="mt-auto pt-10 text-center text-[15px] text-muted">
        New to Owo?{' '}
        <Link to="/signup" className="font-semibold text-brand-fg">
          Create an account
        </Link>
      </p>
    </>
  );
}
