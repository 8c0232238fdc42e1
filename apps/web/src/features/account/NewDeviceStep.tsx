import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../api/client';
import { deviceHeaders } from '../../lib/device';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/CodeField';
import { FormAlert } from '../../ui/FormAlert';
import { AuthHeading } from './AuthHeading';
import { useAuth } from './auth-store';
import { otpField } from '@owo/contracts';

const codeForm = z.object({ otp: otpField });

/**
 * The second step of a login from a device not used before (the server answered NEW_DEVICE and
 * texted a code): the code confirms this device and logs in. "Send a new code" repeats the login,
 * which texts a fresh code once a minute has passed.
 */
export default function NewDeviceStep({
  username,
  password,
  message,
  onBack,
}: {
  username: string;
  password: string;
  message: string;
  onBack: () => void;
}) {
  const login = useAuth((s) => s.login);
  const loading = useAuth((s) => s.loading);
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { control, handleSubmit } = useForm({ resolver: zodResolver(codeForm), defaultValues: { otp: '' } });

  const onSubmit = handleSubmit(async ({ otp }) => {
    setFailure(null);
    try {
      await login(username, password, { device: deviceHeaders(), otp });
    } catch (err) {
      setFailure(errorMessage(err, 'We could not check the code. Try again.'));
    }
  });

  const resend = async () => {
    setResending(true);
    setFailure(null);
    try {
      await login(username, password, { device: deviceHeaders() });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'NEW_DEVICE') toast.success('We sent you a new code');
      else setFailure(errorMessage(err, 'We could not send a new code'));
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <AuthHeading title="Confirm this device">{message}</AuthHeading>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <CodeField control={control} name="otp" label="Code from the text message" length={6} autoComplete="one-time-code" autoFocus />
        <FormAlert message={failure} />
        <Button type="submit" size="lg" block loading={loading && !resending}>
          Confirm and log in
        </Button>
        <div className="flex items-center justify-center gap-1 text-[15px] text-muted">
          <span>Didn&apos;t get it?</span>
          <Button variant="ghost" size="sm" className="px-2" loading={resending} onClick={() => void resend()}>
            Send a new code
          </Button>
        </div>
      </form>
      <p className="mt-6 text-[15px] leading-relaxed text-muted">
        For your safety, a new device can send at most ₦20,000 a day for its first 24 hours. If this was not you, change your password.
      </p>
      <p className="mt-auto pt-8 text-center text-[15px] text-muted">
        <Button variant="ghost" size="sm" onClick={onBack}>
          Use another account
        </Button>
      </p>
    </>
  );
}
