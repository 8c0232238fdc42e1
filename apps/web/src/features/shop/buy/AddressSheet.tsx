import { zodResolver } from '@hookform/resolvers/zod';
import { addressBody } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { type Address, shopOrdersApi } from '../../../api/shop-orders';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { isValidNigerianPhone } from '../../../lib/phone-valid';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Field } from '../../../ui/Field';
import { Options, SelectField } from '../../../ui/Select';
import { Sheet } from '../../../ui/Sheet';
import { buyKeys, useLgas, useStates } from './queries';

/** The sheet's own words for a field's limits first, then the contract's rule for it. */
const worded = (min: [number, string] | null, max: [number, string], rule: z.ZodType<string, string>) => {
  const text = z.string().trim();
  return (min ? text.min(...min) : text).max(...max).pipe(rule);
};

/** A new address as typed: the contract's body (no coordinates), in the sheet's words. */
const addressForm = addressBody.omit({ latitude: true, longitude: true }).extend({
  label: worded(
    [1, 'Give the address a name, like Home or Office'],
    [40, 'Keep the name under 40 characters'],
    addressBody.shape.label.unwrap(),
  ),
  street: worded(null, [200, 'Keep the street address under 200 characters'], addressBody.shape.street),
  landmark: worded(null, [120, 'Keep the landmark under 120 characters'], addressBody.shape.landmark.unwrap()),
  phone: z
    .string()
    .trim()
    .min(1, 'Enter a phone number the rider can call')
    .refine((p) => isValidNigerianPhone(p), 'Enter a valid Nigerian phone number')
    .pipe(addressBody.shape.phone),
  isDefault: addressBody.shape.isDefault.unwrap(),
});
type AddressForm = z.infer<typeof addressForm>;
const FIELDS = ['label', 'stateId', 'lgaId', 'street', 'landmark', 'phone'] as const;
const EMPTY: AddressForm = { label: 'Home', stateId: '', lgaId: '', street: '', landmark: '', phone: '', isDefault: false };

/** "Add a delivery address": its name, state and LGA from the server's lists, street, landmark and phone. */
export function AddressSheet({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (a: Address) => void }) {
  const qc = useQueryClient();
  const states = useStates();
  const { register, handleSubmit, watch, setValue, reset, setError, formState } = useForm<AddressForm>({
    resolver: zodResolver(addressForm),
    defaultValues: EMPTY,
  });
  const stateId = watch('stateId');
  const lgas = useLgas(stateId);
  const errors = formState.errors;

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const save = useMutation({
    mutationFn: (v: AddressForm) => shopOrdersApi.addAddress(v),
    onSuccess: (res) => {
      qc.setQueryData<Address[]>(buyKeys.addresses, (list) => {
        const others = (list ?? []).map((a) => (res.data.isDefault ? { ...a, isDefault: false } : a));
        return [...others.filter((a) => a.id !== res.data.id), res.data];
      });
      void qc.invalidateQueries({ queryKey: buyKeys.addresses });
      // No toast: the sheet closes with the new address chosen; a toast would only cover the Pay button.
      onSaved(res.data);
    },
    onError: (err) => {
      applyServerErrors(err, setError, FIELDS);
      toast.error(errorMessage(err, "We couldn't save this address. Please try again."));
    },
  });

  return (
    <Sheet
      open={open}
      onClose={save.isPending ? () => undefined : onClose}
      title="New delivery address"
      footer={
        <Button type="submit" form="address-form" size="lg" block loading={save.isPending}>
          Save address
        </Button>
      }
    >
      <form id="address-form" noValidate className="flex flex-col gap-4 pb-2" onSubmit={handleSubmit((v) => save.mutate(v))}>
        <Field label="Address name" autoComplete="off" error={errors.label?.message} {...register('label')} />
        <SelectField
          label="State"
          error={errors.stateId?.message ?? (states.isError ? errorMessage(states.error, "We couldn't load the states.") : undefined)}
          disabled={states.isPending}
          {...register('stateId', { onChange: () => setValue('lgaId', '') })}
        >
          <option value="">{states.isPending ? 'Loading states…' : 'Choose a state'}</option>
          <Options items={states.data} />
        </SelectField>
        <SelectField
          label="Local government area"
          error={errors.lgaId?.message ?? (lgas.isError ? errorMessage(lgas.error, "We couldn't load the areas.") : undefined)}
          disabled={!stateId || lgas.isPending}
          {...register('lgaId')}
        >
          <option value="">{!stateId ? 'Choose a state first' : lgas.isPending ? 'Loading areas…' : 'Choose an area'}</option>
          <Options items={lgas.data} />
        </SelectField>
        <Field label="Street address" autoComplete="street-address" error={errors.street?.message} {...register('street')} />
        <Field
          label="Landmark (optional)"
          autoComplete="off"
          hint="Something near it that helps the rider find you"
          error={errors.landmark?.message}
          {...register('landmark')}
        />
        <Field label="Phone number" type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <Checkbox label="Make this my default address" {...register('isDefault')} />
      </form>
    </Sheet>
  );
}
