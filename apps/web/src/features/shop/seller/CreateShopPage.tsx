import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LocateFixed, Store } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../api/client';
import { type CreateShopInput, shopApi } from '../../../api/shop';
import { Button, buttonClasses } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormAlert } from '../../../ui/FormAlert';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { SelectField } from '../../../ui/Select';
import { CardListSkeleton } from '../../../ui/Spinner';
import { shopKeys, useLgas, useMyShop, useStates } from '../queries';
import { ImagePicker, useImageUpload } from '../../../ui/ImagePicker';
import { revealFirstError } from './uploads';

const FIELDS = ['name', 'description', 'phone', 'stateId', 'lgaId', 'address', 'latitude', 'longitude'] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;
type Values = Record<FieldName, string>;

/** The contract's rules for a new shop, with its messages. */
export function validateShop(v: Values): Errors {
  const e: Errors = {};
  const name = v.name.trim();
  if (name.length < 2) e.name = 'The shop name needs at least 2 characters';
  else if (name.length > 60) e.name = 'The shop name can be at most 60 characters';
  if (v.description.trim().length > 500) e.description = 'The description can be at most 500 characters';
  if (v.phone.trim().length < 7) e.phone = 'Enter a phone number';
  if (!v.stateId) e.stateId = 'Choose a state';
  if (!v.lgaId) e.lgaId = 'Choose a local government area';
  if (v.address.trim().length < 3) e.address = 'Enter the street address';
  const lat = Number(v.latitude);
  const lng = Number(v.longitude);
  if (!v.latitude.trim() || !Number.isFinite(lat)) e.latitude = 'Enter the latitude, like 6.6018';
  else if (lat < 4 || lat > 14) e.latitude = 'The place must be in Nigeria';
  if (!v.longitude.trim() || !Number.isFinite(lng)) e.longitude = 'Enter the longitude, like 3.3515';
  else if (lng < 2.5 || lng > 15) e.longitude = 'The place must be in Nigeria';
  return e;
}

/** The server's per-field errors, put next to their fields. */
function serverErrors(err: unknown): Errors {
  if (!(err instanceof ApiError)) return {};
  const errors: Errors = {};
  for (const e of err.errors) {
    const field = FIELDS.find((f) => e.path === f || e.path.endsWith(`.${f}`));
    if (field) errors[field] = e.message.replace(/^body \w+: /, '');
  }
  return errors;
}

function ShopForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const states = useStates();
  const [v, setV] = useState<Values>({
    name: '',
    description: '',
    phone: '',
    stateId: '',
    lgaId: '',
    address: '',
    latitude: '',
    longitude: '',
  });
  const lgas = useLgas(v.stateId);
  const logo = useImageUpload();
  const cover = useImageUpload();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const change = (patch: Partial<Values>) => {
    setV((x) => ({ ...x, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as FieldName[]) delete next[k];
      return next;
    });
  };

  const locateMe = () => {
    if (!navigator.geolocation) return toast.error('This device cannot share its location. Type the coordinates instead.');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        change({ latitude: pos.coords.latitude.toFixed(5), longitude: pos.coords.longitude.toFixed(5) });
      },
      () => {
        setLocating(false);
        toast.error("We couldn't get your location. Type the coordinates instead.");
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const create = useMutation({
    mutationFn: async () => {
      const body: CreateShopInput = {
        name: v.name.trim(),
        description: v.description.trim(),
        phone: v.phone.trim(),
        stateId: v.stateId,
        lgaId: v.lgaId,
        address: v.address.trim(),
        latitude: Number(v.latitude),
        longitude: Number(v.longitude),
        ...(logo.url ? { logoUrl: logo.url } : {}),
        ...(cover.url ? { coverUrl: cover.url } : {}),
      };
      return (await shopApi.createShop(body)).data;
    },
    onSuccess: (shop) => {
      qc.setQueryData(shopKeys.myShop, shop);
      toast.success(`${shop.name} is open`);
      void navigate('/shop/sell', { replace: true });
    },
    onError: (err) => {
      setErrors(serverErrors(err));
      revealFirstError(formRef.current);
      toast.error(errorMessage(err, "We couldn't open your shop. Please try again."));
    },
  });

  const submit = () => {
    setFormError(null);
    const found = validateShop(v);
    setErrors(found);
    if (Object.keys(found).length) {
      setFormError('Check the highlighted fields');
      return revealFirstError(formRef.current);
    }
    if (logo.uploading || cover.uploading) return setFormError('Wait for your images to finish uploading');
    if (logo.failed || cover.failed) return setFormError('Remove the images that failed to upload, or choose them again');
    create.mutate();
  };

  return (
    <form
      ref={formRef}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormAlert message={formError} />
      <Field
        label="Shop name"
        value={v.name}
        maxLength={60}
        autoComplete="organization"
        error={errors.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <TextAreaField
        label="About your shop"
        value={v.description}
        rows={3}
        maxLength={500}
        error={errors.description}
        hint={`What you sell, and why people should buy from you. ${v.description.length}/500`}
        onChange={(e) => change({ description: e.target.value })}
      />
      <ImagePicker image={logo} label="Logo" shape="square" />
      <ImagePicker image={cover} label="Cover image" shape="cover" />
      <Field
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={v.phone}
        maxLength={20}
        placeholder="0803 000 0000"
        error={errors.phone}
        onChange={(e) => change({ phone: e.target.value })}
      />
      <SelectField
        label="State"
        value={v.stateId}
        error={errors.stateId}
        disabled={states.isPending}
        onChange={(e) => change({ stateId: e.target.value, lgaId: '' })}
      >
        <option value="">{states.isPending ? 'Loading states…' : states.isError ? "Couldn't load states" : 'Choose a state'}</option>
        {(states.data ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Local government area"
        value={v.lgaId}
        error={errors.lgaId}
        hint={v.stateId ? undefined : 'Choose a state first'}
        disabled={!v.stateId || lgas.isPending}
        onChange={(e) => change({ lgaId: e.target.value })}
      >
        <option value="">{v.stateId && lgas.isPending ? 'Loading…' : 'Choose an area'}</option>
        {(lgas.data ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Street address"
        value={v.address}
        maxLength={200}
        autoComplete="street-address"
        placeholder="7 Otigba Street"
        error={errors.address}
        onChange={(e) => change({ address: e.target.value })}
      />
      <fieldset className="flex flex-col gap-3 rounded-3xl border border-line p-4">
        <legend className="px-1 text-sm font-medium">Where shoppers find you</legend>
        <p className="text-sm text-muted">Stand in your shop and use your location, or type the coordinates.</p>
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          loading={locating}
          icon={<LocateFixed className="size-4" aria-hidden="true" />}
          onClick={locateMe}
        >
          Use my location
        </Button>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="Latitude"
            inputMode="decimal"
            placeholder="6.6018"
            value={v.latitude}
            error={errors.latitude}
            onChange={(e) => change({ latitude: e.target.value })}
          />
          <Field
            label="Longitude"
            inputMode="decimal"
            placeholder="3.3515"
            value={v.longitude}
            error={errors.longitude}
            onChange={(e) => change({ longitude: e.target.value })}
          />
        </div>
      </fieldset>
      <Button type="submit" size="lg" block loading={create.isPending} disabled={logo.uploading || cover.uploading}>
        {logo.uploading || cover.uploading ? 'Uploading…' : 'Open my shop'}
      </Button>
    </form>
  );
}

/** Opening a shop (one per person). */
export default function CreateShopPage() {
  const mine = useMyShop();
  return (
    <div>
      <PageHeader title="Open your shop" back="/shop/sell" backLabel="Back to selling" />
      {mine.isPending ? (
        <CardListSkeleton label="Loading" />
      ) : mine.isError ? (
        <QueryError error={mine.error} onRetry={() => void mine.refetch()} />
      ) : mine.data ? (
        <EmptyState
          icon={<Store className="size-9" strokeWidth={1.8} />}
          title="You already have a shop"
          action={
            <Link to="/shop/sell" className={buttonClasses({ block: true })}>
              Go to {mine.data.name}
            </Link>
          }
        >
          Each person can open one shop.
        </EmptyState>
      ) : (
        <ShopForm />
      )}
    </div>
  );
}
