import { useState } from 'react';
import { useParams } from 'react-router';
import { kycApi } from '../../api/kyc';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { useKycStatus } from './queries';
import { KycForm, useKycStep } from './parts';

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
  const [number, setNumber] = useState('');
  const [dob, setDob] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const dateOfBirth = dob || status.data?.dateOfBirth || '';

  const verify = useKycStep(() =>
    kind === 'bvn' ? kycApi.verifyBvn({ bvn: number, dateOfBirth }) : kycApi.verifyNin({ nin: number, dateOfBirth }),
  );

  const submit = () => {
    if (!/^\d{11}$/.test(number)) return setFieldError(`${text.label} must be 11 digits`);
    setFieldError(null);
    if (!dateOfBirth) return setFieldError('Enter your date of birth');
    verify.mutate();
  };

  return (
    <KycForm
      title={text.title}
      intro={<>{text.intro} We check it with the registry and keep it encrypted; only its last 3 digits are shown.</>}
      step={verify}
      submitLabel={`Verify ${text.label}`}
      onSubmit={submit}
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
    </KycForm>
  );
}
