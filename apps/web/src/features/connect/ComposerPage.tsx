import { zodResolver } from '@hookform/resolvers/zod';
import { createPostBody } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import { errorMessage } from '../../api/client';
import { connectApi } from '../../api/connect';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { Button } from '../../ui/Button';
import { Field, TextAreaField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { SelectField } from '../../ui/Select';
import { useCommunity } from './communities/queries';
import { MediaPicker } from './MediaPicker';
import { connectKeys, useCategories } from './queries';
import { useMediaUpload } from './use-media-upload';

/** Tags typed as "#lagos, food" or "lagos food": each without its #, once. */
export function parseTags(input: string): string[] {
  const tags = input
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#+/, '').trim())
    .filter(Boolean);
  return [...new Set(tags)];
}

const FIELDS = ['text', 'category', 'tags'] as const;

/** A post as typed: the contract's text, category and tags (typed as one line), with its limits. */
const postForm = z.object({
  text: createPostBody.shape.text.unwrap(),
  category: z.string(),
  tags: z.string().transform(parseTags).pipe(createPostBody.shape.tags.unwrap()),
});
type PostFormInput = z.input<typeof postForm>;
type PostFormValues = z.output<typeof postForm>;

/** A new post: text, photos or one video (uploaded with progress), a category, tags; posted or kept as a draft. */
export default function ComposerPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const communityId = useSearchParams()[0].get('community');
  const community = useCommunity(communityId ?? '', !!communityId);
  const home = communityId ? `/connect/communities/${communityId}` : '/connect';
  const categories = useCategories();
  const media = useMediaUpload({ maxImages: 10 });
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    formState,
  } = useForm<PostFormInput, unknown, PostFormValues>({
    resolver: zodResolver(postForm),
    defaultValues: { text: '', category: '', tags: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: ({ draft, v }: { draft: boolean; v: PostFormValues }) =>
      connectApi.createPost({
        text: v.text,
        media: media.urls.map((url) => ({ url })),
        ...(v.category ? { category: v.category } : {}),
        tags: v.tags,
        ...(communityId ? { communityId } : {}),
        draft,
      }),
    onSuccess: async (res, { draft }) => {
      await qc.invalidateQueries({ queryKey: [...connectKeys.posts, 'list'] });
      toast.success(draft ? 'Saved to your drafts' : res.data.status === 'published' ? 'Posted' : 'Sent for review');
      // The new post is first in the feed: show it (the feed would otherwise keep its scroll).
      void Promise.resolve(navigate(draft ? '/connect/drafts' : home)).then(() => window.scrollTo({ top: 0 }));
    },
    onError: (err) => {
      applyServerErrors(err, setFieldError, FIELDS);
      setError(errorMessage(err, "We couldn't post that. Please try again."));
    },
  });
  const submit = (draft: boolean) =>
    handleSubmit((v) => {
      setError(null);
      if (!v.text && media.urls.length === 0) return setError('Write something or add a photo or video');
      if (media.uploading) return setError('Wait for your photos to finish uploading');
      if (media.failed) return setError('Remove the files that failed to upload, or add them again');
      create.mutate({ draft, v });
    });
  const errors = formState.errors;
  const busy = create.isPending;
  return (
    <div>
      <PageHeader
        title={communityId ? (community.data ? `Post in ${community.data.name}` : 'Post in community') : 'New post'}
        back={home}
      />
      <form noValidate onSubmit={(e) => void submit(false)(e)} className="flex flex-col gap-4">
        <FormAlert message={error} />
        <TextAreaField
          label="What's on your mind?"
          rows={5}
          maxLength={2000}
          hint="Mention people with @nickname and add #tags."
          error={errors.text?.message}
          {...register('text')}
        />
        <MediaPicker media={media} accept="image/jpeg,image/png,image/webp,video/mp4,video/webm" label="Add photos or a video" />
        <SelectField label="Category" value={watch('category')} disabled={categories.isPending} {...register('category')}>
          <option value="">{categories.isPending ? 'Loading categories…' : 'No category'}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <Field label="Tags" placeholder="#lagos, #smallchops" error={errors.tags?.message} {...register('tags')} />
        <div className="mt-2 flex gap-3">
          <Button type="button" variant="outline" block disabled={busy || media.uploading} onClick={() => void submit(true)()}>
            Save as draft
          </Button>
          <Button type="submit" block loading={busy} disabled={media.uploading}>
            {media.uploading ? 'Uploading…' : 'Post'}
          </Button>
        </div>
      </form>
    </div>
  );
}
