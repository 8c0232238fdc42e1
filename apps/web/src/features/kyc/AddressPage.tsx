import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../api/client';
import { kycApi } from '../../api/kyc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { useKycStatus, useRefreshAfterKyc } from './queries';

/** Your home address: with a verified BVN and NIN it completes Tier 2. */
export default function AddressPage() {
  const status = useKycStatus();
  const refresh = useRefreshAfterKyc();
  const navigate = useNavigate();
  const saved = status.data?.address;
  const [form, setForm] = useState<{ line1?: string; city?: string; state?: string }>({});
  const value = { line1: form.line1 ?? saved?.line1 ?? '', city: form.city ?? saved?.city ?? '', state: form.state ?? saved?.state ?? '' };
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: () => kycApi.setAddress(value),
    onSuccess: async (res) => {
      toast.success(res.message);
      await refresh();
      await navigate('/account/limits', { replace: true });
    },
  });
  const submit = () => {
    const e: Record<string, string> = {};
    if (value.line1.trim().length < 2) e.line1 = 'Street address is required';
    if (value.city.trim().length < 2) e.city = 'City is required';
    if (value.state.trim().length < 2) e.state = 'State is required';
    setErrors(e);
    if (Object.keys(e).length === 0) save.mutate();
  };

  return (
    <>
      <PageHeader title="Home address" back="/account/limits" backLabel="Back to limits" />
      <Card>
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field
            label="Street address"
            autoComplete="street-address"
            value={value.line1}
            error={errors.line1}
            onChange={(e) => setForm({ ...form, line1: e.target.value })}
          />
          <Field
            label="City"
            autoComplete="address-level2"
            value={value.city}
            error={errors.city}
            onChange={(e) => setForm({ ...form, city: e.target.value })}
          />
          <Field
            label="State"
            autoComplete="address-level1"
            value={value.state}
            error={errors.state}
            onChange={(e) => setForm({ ...form, state: e.target.value })}
          />
          <FormAlert message={save.isError ? errorMessage(save.error) : null} />
          <Button type="submit" size="lg" block loading={save.isPending}>
            Save address
          </Button>
        </form>
      </Card>
    </>
  );
}
