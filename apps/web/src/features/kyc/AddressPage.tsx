import { useState } from 'react';
import { kycApi } from '../../api/kyc';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { useKycStatus } from './queries';
import { KycForm, useKycStep } from './parts';

/** Nigeria's 36 states and the FCT, as the marketplace's places list names them (places-ng.json). */
const STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
];

/** Your home address: with a verified BVN and NIN it completes Tier 2. */
export default function AddressPage() {
  const status = useKycStatus();
  const saved = status.data?.address;
  const [form, setForm] = useState<{ line1?: string; city?: string; state?: string }>({});
  const value = { line1: form.line1 ?? saved?.line1 ?? '', city: form.city ?? saved?.city ?? '', state: form.state ?? saved?.state ?? '' };
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useKycStep(() => kycApi.setAddress(value));
  const submit = () => {
    const e: Record<string, string> = {};
    if (value.line1.trim().length < 2) e.line1 = 'Street address is required';
    if (value.city.trim().length < 2) e.city = 'City is required';
    if (value.state.trim().length < 2) e.state = 'Choose your state';
    setErrors(e);
    if (Object.keys(e).length === 0) save.mutate();
  };

  return (
    <KycForm title="Home address" step={save} submitLabel="Save address" onSubmit={submit}>
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
      <SelectField
        label="State"
        autoComplete="address-level1"
        value={value.state}
        error={errors.state}
        onChange={(e) => setForm({ ...form, state: e.target.value })}
      >
        <option value="">Choose your state</option>
        {/* An address saved before the list, in words of its own, stays as it was until changed. */}
        {value.state && !STATES.includes(value.state) ? <option value={value.state}>{value.state}</option> : null}
        {STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
    </KycForm>
  );
}
