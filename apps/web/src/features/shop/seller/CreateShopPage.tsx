import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LocateFixed, Store } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { type CreateShopInput, shopApi } from '../../../api/shop';
import { Button, buttonClasses } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormAlert } from '../../../ui/FormAlert';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { CardListSkeleton } from '../../../ui/Spinner';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { PlaceFields } from '../PlaceFields';
import { shopKeys, useMyShop } from '../queries';
import { type ShopFormInput, type ShopFormValues, shopForm } from './schemas';
import { ImagePicker, useImageUpload } from '../../../ui/ImagePicker';
import { revealFirstError } from './uploads';

const FIELDS = ['name', 'description', 'phone', 'stateId', 'lgaId', 'address', 'latitude', 'longitude'] as const;
const EMPTY: ShopFormInput = { name: '', description: '', phone: '', stateId: '', lgaId: '', address: '', latitude: '', longitude: '' };

function ShopForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<ShopFormInput, unknown, ShopFormValues>({
    resolver: zodResolver(shopForm),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  const logo = useImageUpload();
  const cover = useImageUpload();
  const [formError, setFormError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  const locateMe = () => {
    if (!navigator.geolocation) return toast.error('This device cannot share its location. Type the coordinates instead.');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setValue('latitude', pos.coords.latitude.toFixed(5), { shouldValidate: formState.isSubmitted });
        setValue('longitude', pos.coords.longitude.toFixed(5), { shouldValidate: formState.isSubmitted });
      },
      () => {
        setLocating(false);
        toast.error("We couldn't get your location. Type the coordinates instead.");
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const create = useMutation({
    mutationFn: async (v: ShopFormValues) => {
      const body: CreateShopInput = {
        ...v,
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
      applyServerErrors(err, setError, FIELDS);
      revealFirstError(formRef.current);
      toast.error(errorMessage(err, "We couldn't open your shop. Please try again."));
    },
  });

  const submit = handleSubmit(
    (v) => {
      setFormError(null);
      if (logo.uploading || cover.uploading) return setFormError('Wait for your images to finish uploading');
      if (logo.failed || cover.failed) return setFormError('Remove the images that failed to upload, or choose them again');
      create.mutate(v);
    },
    () => {
      setFormError('Check the highlighted fields');
      revealFirstError(formRef.current);
    },
  );

  return (
    <form ref={formRef} noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <FormAlert message={formError} />
      <Field label="Shop name" maxLength={60} autoComplete="organization" error={errors.name?.message} {...register('name')} />
      <TextAreaField
        label="About your shop"
        rows={3}
        maxLength={500}
        error={errors.description?.message}
        hint={`What you sell, and why people should buy from you. ${(watch('description') ?? '').length}/500`}
        {...register('description')}
      />
      <ImagePicker image={logo} label="Logo" shape="square" />
      <ImagePicker image={cover} label="Cover image" shape="cover" />
      <Field
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        placeholder="0803 000 0000"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <PlaceFields
        state={register('stateId', { onChange: () => setValue('lgaId', '') })}
        lga={register('lgaId')}
        stateId={watch('stateId')}
        lgaId={watch('lgaId')}
        stateError={errors.stateId?.message}
        lgaError={errors.lgaId?.message}
      />
      <Field
        label="Street address"
        maxLength={200}
        autoComplete="street-address"
        placeholder="7 Otigba Street"
        error={errors.address?.message}
        {...register('address')}
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
          <Field label="Latitude" inputMode="decimal" placeholder="6.6018" error={errors.latitude?.message} {...register('latitude')} />
          <Field label="Longitude" inputMode="decimal" placeholder="3.3515" error={errors.longitude?.message} {...register('longitude')} />
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
