import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { userApi } from '../../api/user';
import { deviceHeaders } from '../../lib/device';
import { formatPhone, toE164 } from '../../lib/phone';
import { Button } from '../../ui/Button';
import { CodeField } from '../../ui/CodeField';
import { Field } from '../../ui/Field';
import { AuthHeading } from './AuthHeading';
import { useAuth } from './auth-store';
import { FormAlert } from '../../ui/FormAlert';
import { verifyForm } from './schemas';
import { GENERIC_ERROR } from './SignupPage';

export default function VerifyPhonePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const storedPhone = useAuth((s) => s.phoneNumber);
  const markVerified = useAuth((s) => s.markVerified);
  const signIn = useAuth((s) => s.signIn);
  const knownPhone = storedPhone ?? params.get('phone');

  const {
    register,
    control,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors },
  } = useForm({ resolver: zodResolver(verifyForm), defaultValues: { phoneNumber: knownPhone ?? '', otp: '' } });

  const verify = useMutation({
    mutationFn: (body: { phoneNumber: string; otp: string }) => userApi.verifyMobile(body, deviceHeaders()),
    // The answer signs the person in on this device, as a login does: they go straight on to Home.
    onSuccess: async (res, vars) => {
      markVerified(res.data.phoneNumber || vars.phoneNumber);
      await signIn(res.data);
      toast.success('Phone number verified');
      await navigate('/', { replace: true });
    },
    onError: (err) => toast.error(errorMessage(err, GENERIC_ERROR)),
  });

  const resend = useMutation({
    mutationFn: (phoneNumber: string) => userApi.resendOtp({ phoneNumber, purpose: 'verify_mobile' }),
    // The page shows the number in full, so the toast does too (the server's text masks it).
    onSuccess: (_res, phoneNumber) => toast.success(`We sent a new code to ${formatPhone(phoneNumber)}`),
    onError: (err) => toast.error(errorMessage(err, GENERIC_ERROR)),
  });

  const onResend = async () => {
    if (!knownPhone && !(await trigger('phoneNumber'))) return;
    const phone = getValues('phoneNumber');
    resend.mutate(toE164(phone) ?? phone);
  };

  const onSubmit = handleSubmit(({ phoneNumber, otp }) => verify.mutate({ phoneNumber: toE164(phoneNumber) ?? phoneNumber, otp }));

  return (
    <>
      <AuthHeading title="Verify your phone">
        {knownPhone ? (
          <>
            Enter the 6-digit code we texted to{' '}
            <strong className="font-semibold whitespace-nowrap text-fg">{formatPhone(knownPhone)}</strong>.
          </>
        ) : (
          'Enter your phone number and the 6-digit code we texted to it.'
        )}
      </AuthHeading>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {knownPhone ? null : (
          <Field
            label="Phone number"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            error={errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
        )}
        <CodeField
          control={control}
          name="otp"
          label="Verification code"
          length={6}
          autoComplete="one-time-code"
          autoFocus={Boolean(knownPhone)}
        />
        <FormAlert message={verify.isError ? errorMessage(verify.error, GENERIC_ERROR) : null} />
        <Button type="submit" size="lg" block loading={verify.isPending}>
          Verify
        </Button>
        <div className="flex items-center justify-center gap-1 text-[15px] text-muted">
          <span>Didn&apos;t get it?</span>
          <Button variant="ghost" size="sm" className="px-2" loading={resend.isPending} onClick={() => void onResend()}>
            Resend code
          </Button>
        </div>
      </form>
      <p className="mt-auto pt-10 text-center text-[15px] text-muted">
        Wrong number?{' '}
        <Link to="/signup" className="font-semibold text-brand-fg">
          Start again
        </Link>
      </p>
    </>
  );
}
