import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkles, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { communitiesApi, type Community } from '../../../api/communities';
import { ApiError, errorMessage } from '../../../api/client';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormAlert } from '../../../ui/FormAlert';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/Select';
import { EmptyState } from '../../../ui/EmptyState';
import { CardListSkeleton } from '../../../ui/Spinner';
import { ImagePicker, useImageUpload } from '../../../ui/ImagePicker';
import { communityPath } from './parts';
import { communityKeys, useCommunity, useCommunityCategories } from './queries';

type FieldName = 'name' | 'category' | 'description';
type Errors = Partial<Record<FieldName, string>>;
const FIELDS: readonly FieldName[] = ['name', 'category', 'description'];

/** The contract's rules, with its messages. */
export function validateName(name: string): string | undefined {
  const n = name.trim();
  if (n.length < 3) return 'The name needs at least 3 characters';
  if (n.length > 60) return 'The name can be at most 60 characters';
  return undefined;
}
function validate(v: { name: string; category: string; description: string }): Errors {
  const errors: Errors = {};
  const name = validateName(v.name);
  if (name) errors.name = name;
  if (!v.category.trim()) errors.category = 'Choose a category';
  if (v.description.trim().length > 500) errors.description = 'The description can be at most 500 characters';
  return errors;
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

const VISIBILITY = [
  ['public', 'Public', 'Anyone can join and read its posts.'],
  ['private', 'Private', 'People ask to join; only members read its posts.'],
] as const;

/** Creating a community, or editing one (owner and admins): the same fields either way. */
function CommunityForm({ initial }: { initial?: Community }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const categories = useCommunityCategories();
  const [name, setName] = useState(initial?.name ?? '');
  const [category, setCategory] = useState(initial?.category._id ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [visibility, setVisibility] = useState<Community['visibility']>(initial?.visibility ?? 'public');
  const [needsApproval, setNeedsApproval] = useState(initial?.needsApproval ?? false);
  const cover = useImageUpload(initial?.coverUrl ?? null);
  const avatar = useImageUpload(initial?.avatarUrl ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const describe = useMutation({
    mutationFn: async () => (await communitiesApi.describe(name.trim(), category)).data.description,
    onSuccess: (text) => {
      setDescription(text.slice(0, 500));
      setErrors((e) => ({ ...e, description: undefined }));
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't write a description. Please try again.")),
  });
  const writeForMe = () => {
    const found: Errors = {};
    const bad = validateName(name);
    if (bad) found.name = bad;
    if (!category) found.category = 'Choose a category';
    setErrors((e) => ({ ...e, name: found.name, category: found.category }));
    if (!found.name && !found.category) describe.mutate();
  };

  const save = useMutation({
    mutationFn: async () => {
      const fields = {
        name: name.trim(),
        category,
        description: description.trim(),
        visibility,
        needsApproval,
      };
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
      setErrors(serverErrors(err));
      setFormError(
        errorMessage(
          err,
          initial ? "We couldn't save your changes. Please try again." : "We couldn't create the community. Please try again.",
        ),
      );
    },
  });

  const submit = () => {
    setFormError(null);
    const found = validate({ name, category, description });
    setErrors(found);
    if (Object.keys(found).length > 0) return setFormError('Check the highlighted fields');
    if (cover.uploading || avatar.uploading) return setFormError('Wait for your images to finish uploading');
    if (cover.failed || avatar.failed) return setFormError('Remove the images that failed to upload, or choose them again');
    save.mutate();
  };
  const uploading = cover.uploading || avatar.uploading;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="flex flex-col gap-4"
    >
      <FormAlert message={formError} />
      <Field
        label="Name"
        value={name}
        maxLength={60}
        autoComplete="off"
        placeholder="Lagos Foodies"
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label="Category"
        value={category}
        error={errors.category}
        disabled={categories.isPending}
        onChange={(e) => setCategory(e.target.value)}
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
          value={description}
          rows={4}
          maxLength={500}
          error={errors.description}
          hint={`What is it about, and who is it for? ${description.length}/500`}
          onChange={(e) => setDescription(e.target.value)}
        />
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          icon={<Sparkles className="size-4" aria-hidden="true" />}
          loading={describe.isPending}
          onClick={writeForMe}
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
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={visibility === value}
              onChange={() => setVisibility(value)}
              className="mt-0.5 size-5 accent-brand-600"
            />
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
        checked={needsApproval}
        onChange={(e) => setNeedsApproval(e.target.checked)}
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
        <EmptyState
          icon={<UsersRound className="size-9" strokeWidth={1.8} />}
          title="We couldn't open this community"
          tone="danger"
          action={
            <Button variant="outline" block onClick={() => void community.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(community.error, 'Check your connection and try again.')}
        </EmptyState>
      ) : c && c.role !== 'owner' && c.role !== 'admin' ? (
        <EmptyState icon={<UsersRound className="size-9" strokeWidth={1.8} />} title="Only its owner and admins can edit this community" />
      ) : c ? (
        <CommunityForm initial={c} />
      ) : null}
    </div>
  );
}
