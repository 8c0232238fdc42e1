import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { formatPhone } from '../../lib/phone';
import { errorMessage } from '../../api/client';
import { userApi } from '../../api/user';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { AuthHeading } from './AuthHeading';
import { NewPasswordField } from './NewPasswordField';
import { useAuth } from './auth-store';
import { FormAlert } from '../../ui/FormAlert';
import { signupRules, type SignupFields } from './signup-rules';

/** Spec text, spelling kept. */
export const GENERIC_ERROR = 'An error occured';

const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'password', 'nickName'] as const;

export default function SignupPage() {
  const navigate = useNavigate();
  const setPhoneNumber = useAuth((s) => s.setPhoneNumber);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupFields>({
    // The first screen of a first visit: react-hook-form's own rules, no zod (signup-rules.ts).
    defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', nickName: undefined },
  });

  const signup = useMutation({
    mutationFn: userApi.signup,
    onSuccess: async (res) => {
      setPhoneNumber(res.data.phoneNumber);
      // The next page shows the number in full, so the toast does too (the server's text masks it).
      toast.success(`Account created. Enter the code we sent to ${formatPhone(res.data.phoneNumber)}`);
      await navigate('/verify');
    },
    onError: (err) => {
      applyServerErrors(err, setError, FIELDS);
      toast.error(errorMessage(err, GENERIC_ERROR));
    },
  });

  const onSubmit = handleSubmit((values) => signup.mutate(values));

  return (
    <>
      <AuthHeading title="Create your account">Send, pay, save and shop, all from one wallet. It takes a minute.</AuthHeading>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName', signupRules.firstName)}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName', signupRules.lastName)}
          />
        </div>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email', signupRules.email)}
        />
        <Field
          label="Phone number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="0803 000 0000"
          hint="We'll text a code to confirm it's yours."
          error={errors.phoneNumber?.message}
          {...register('phoneNumber', signupRules.phoneNumber)}
        />
        <Field
          label="Nickname (optional)"
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          hint="How friends find you in Chat."
          error={errors.nickName?.message}
          {...register('nickName', signupRules.nickName)}
        />
        <NewPasswordField label="Password" error={errors.password?.message} {...register('password', signupRules.password)} />
        <FormAlert message={signup.isError ? errorMessage(signup.error, GENERIC_ERROR) : null} />
        <Button type="submit" size="lg" block loading={signup.isPending}>
          Create account
        </Button>
        <p className="text-center text-xs leading-relaxed text-subtle">
          By creating an account you agree to Owo&apos;s Terms of Service and Privacy Policy.
        </p>
      </form>
      <p className="mt-auto pt-8 text-center text-[15px] text-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-fg">
          Log in
        </Link>
      </p>
    </>
  );
}
