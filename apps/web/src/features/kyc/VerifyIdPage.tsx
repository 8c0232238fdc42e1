import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../api/client';
import { kycApi } from '../../api/kyc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { useKycStatus, useRefreshAfterKyc } from './queries';

const TEXT = {
  bvn: {
    title: 'Verify your BVN',
    label: 'BVN',
    intro: 'Your Bank Verification Number has 11 digits. Dial *565*0# on the phone line your bank knows to see it.',
  },
  nin: {
    title: 'Verify your NIN',
    label: 'NIN',
    intro: 'Your National Identification Number has 11 digits. It is on your NIN slip, or dial *346# on your phone line.',
  },
} as const;

/** BVN or NIN (the route's :kind): the number and the date of birth, checked with the registry. */
export default function VerifyIdPage() {
  const kind = useParams().kind === 'nin' ? 'nin' : 'bvn';
  const text = TEXT[kind];
  const status = useKycStatus();
  const refresh = useRefreshAfterKyc();
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [dob, setDob] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const dateOfBirth = dob || status.data?.dateOfBirth || '';

  const verify = useMutation({
    mutationFn: () => (kind === 'bvn' ? kycApi.verifyBvn({ bvn: number, dateOfBirth }) : kycApi.verifyNin({ nin: number, dateOfBirth })),
    onSuccess: async (res) => {
      toast.success(res.message);
      await refresh();
      await navigate('/account/limits', { replace: true });
    },
  });

  const submit = () => {
    if (!/^\d{11}$/.test(number)) return setFieldError(`${text.label} must be 11 digits`);
    setFieldError(null);
    if (!dateOfBirth) return setFieldError('Enter your date of birth');
    verify.mutate();
  };

  return (
    <>
      <PageHeader title={text.title} back="/account/limits" backLabel="Back to limits" />
      <Card>
        <p className="mb-5 text-[15px] text-muted">
          {text.intro} We check it with the registry and keep it encrypted; only its last 3 digits are shown.
        </p>
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field
            label={text.label}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            value={number}
            onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 11))}
            error={fieldError?.startsWith(text.label) ? fieldError : undefined}
          />
          <DateField
            label="Date of birth"
            value={dateOfBirth}
            onChange={setDob}
            error={fieldError?.startsWith('Enter') ? fieldError : undefined}
          />
          <FormAlert message={verify.isError ? errorMessage(verify.error) : null} />
          <Button type="submit" size="lg" block loading={verify.isPending}>
            Verify {text.label}
          </Button>
        </form>
      </Card>
    </>
  );
}
