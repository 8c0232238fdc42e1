import { zodResolver } from '@hookform/resolvers/zod';
import { createCommunityBody } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkles, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { communitiesApi, type Community } from '../../../api/communities';
import { errorMessage } from '../../../api/client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormAlert } from '../../../ui/FormAlert';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/Select';
import { EmptyState } from '../../../ui/EmptyState';
import { CardListSkeleton } from '../../../ui/Spinner';
import { ImagePicker, useImageUpload } from '../../../ui/ImagePicker';
import { communityPath, CommunityError } from './parts';
import { communityKeys, useCommunity, useCommunityCategories } from './queries';

/** A community as typed: the contract's body; the images come apart. */
const communityForm = createCommunityBody.omit({ coverUrl: true, avatarUrl: true });
type CommunityFormInput = z.input<typeof communityForm>;
type CommunityFormValues = z.output<typeof communityForm>;
const FIELDS = ['name', 'category', 'description'] as const;

const VISIBILITY = [
  ['public', 'Public', 'Anyone can join and read its posts.'],
  ['private', 'Private', 'People ask to join; only members read its posts.'],
] as const;

/** Creating a community, or editing one (owner and admins): the same fields either way. */
function CommunityForm({ initial }: { initial?: Community }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const categories = useCommunityCategories();
  const { register, handleSubmit, watch, getValues, setValue, setError, clearErrors, trigger, formState } = useForm<
    CommunityFormInput,
    unknown,
    CommunityFormValues
  >({
    resolver: zodResolver(communityForm),
    defaultValues: {
      name: initial?.name ?? '',
      category: initial?.category._id ?? '',
      description: initial?.description ?? '',
      visibility: initial?.visibility ?? 'public',
      needsApproval: initial?.needsApproval ?? false,
    },
  });
  const errors = formState.errors;
  const cover = useImageUpload(initial?.coverUrl ?? null);
  const avatar = useImageUpload(initial?.avatarUrl ?? null);
  const [formError, setFormError] = useState<string | null>(null);

  const describe = useMutation({
    mutationFn: async () => (await communitiesApi.describe(getValues('name').trim(), getValues('category'))).data.description,
    onSuccess: (text) => {
      setValue('description', text.slice(0, 500));
      clearErrors('description');
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't write a description. Please try again.")),
  });
  const writeForMe = async () => {
    if (await trigger(['name', 'category'])) describe.mutate();
  };

  const save = useMutation({
    mutationFn: async (fields: CommunityFormValues) => {
      if (initial) return (await communitiesApi.edit(initial._id, { ...fields, coverUrl: cover.url, avatarUrl: avatar.url })).data;
      return (
        await communitiesApi.create({
          ...fields,
          ...(cover.url ? { coverUrl: cover.url } : {}),
          ...(avatar.url ? { avatarUrl: avatar.url } : {}),
        })
      ).data;
    },
    onSuccess: async (c) => {
      qc.setQueryData(communityKeys.one(c._id), c);
      await qc.invalidateQueries({ queryKey: communityKeys.all });
      toast.success(initial ? 'Changes saved' : 'Community created');
      void navigate(communityPath(c._id), { replace: true });
    },
    onError: (err) => {
      applyServerErrors(err, setError, FIELDS);
      setFormError(
        errorMessage(
          err,
          initial ? "We couldn't save your changes. Please try again." : "We couldn't create the community. Please try again.",
        ),
      );
    },
  });

  const submit = handleSubmit(
    (v) => {
      setFormError(null);
      if (cover.uploading || avatar.uploading) return setFormError('Wait for your images to finish uploading');
      if (cover.failed || avatar.failed) return setFormError('Remove the images that failed to upload, or choose them again');
      save.mutate(v);
    },
    () => setFormError('Check the highlighted fields'),
  );
  const uploading = cover.uploading || avatar.uploading;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <FormAlert message={formError} />
      <Field
        label="Name"
        maxLength={60}
        autoComplete="off"
        placeholder="Lagos Foodies"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label="Category"
        value={watch('category')}
        error={errors.category?.message}
        disabled={categories.isPending}
        {...register('category')}
      >
        <option value="">
          {categories.isPending ? 'Loading categories…' : categories.isError ? "Couldn't load categories" : 'Choose a category'}
        </option>
        {(categories.data ?? []).map((c) => (
          <option key={c._id} value={c._id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col gap-2">
        <TextAreaField
          label="Description"
          rows={4}
          maxLength={500}
          error={errors.description?.message}
          hint={`What is it about, and who is it for? ${(watch('description') ?? '').length}/500`}
          {...register('description')}
        />
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          icon={<Sparkles className="size-4" aria-hidden="true" />}
          loading={describe.isPending}
          onClick={() => void writeForMe()}
        >
          Write it for me
        </Button>
      </div>
      <ImagePicker image={cover} label="Cover image" shape="cover" />
      <ImagePicker image={avatar} label="Community picture" shape="square" />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-fg">Who can join</legend>
        {VISIBILITY.map(([value, label, hint]) => (
          <label
            key={value}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-2xl border border-line px-3 py-2.5 hover:bg-surface-2"
          >
            <input type="radio" value={value} {...register('visibility')} className="mt-0.5 size-5 accent-brand-600" />
            <span>
              <span className="block text-[15px] font-medium">{label}</span>
              <span className="block text-sm text-muted">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Checkbox
        label="Posts need approval"
        hint="Members' posts wait until an owner or admin accepts them."
        {...register('needsApproval')}
      />
      <Button type="submit" block loading={save.isPending} disabled={uploading} className="mt-2">
        {uploading ? 'Uploading…' : initial ? 'Save changes' : 'Create community'}
      </Button>
    </form>
  );
}

/** `/connect/communities/new`: a new community. */
export function CreateCommunityPage() {
  return (
    <div>
      <PageHeader title="New community" back="/connect/communities" />
      <CommunityForm />
    </div>
  );
}

/** `/connect/communities/:id/edit`: the owner or an admin changes the community. */
export default function EditCommunityPage() {
  const { id = '' } = useParams();
  const community = useCommunity(id);
  const c = community.data;
  return (
    <div>
      <PageHeader title="Edit community" back={communityPath(id)} />
      {community.isPending ? (
        <CardListSkeleton label="Loading community" />
      ) : community.isError ? (
        <CommunityError community={community} fallback={'Check your connection and try again.'} />
      ) : c && c.role !== 'owner' && c.role !== 'admin' ? (
        <EmptyState icon={<UsersRound className="size-9" strokeWidth={1.8} />} title="Only its owner and admins can edit this community" />
      ) : c ? (
        <CommunityForm initial={c} />
      ) : null}
    </div>
  );
}
