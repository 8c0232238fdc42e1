import { zodResolver } from '@hookform/resolvers/zod';
import type { FullUser } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Camera, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { checkImage, type UploadHandle, uploadImage } from '../../api/upload';
import { userApi } from '../../api/user';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field, TextAreaField } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { Skeleton } from '../../ui/Spinner';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { useObjectUrls } from '../../lib/use-uploads';
import { useAuth } from './auth-store';
import { FileButton } from '../../ui/FilePicker';
import { FormAlert } from '../../ui/FormAlert';
import { QueryError } from '../../ui/QueryError';
import { type ProfileForm, profileForm } from './schemas';
import { profileKey, useProfile } from './use-profile';

const toForm = (u: FullUser): ProfileForm => ({
  firstName: u.firstName,
  lastName: u.lastName,
  nickName: u.nickName ?? '',
  bio: u.bio ?? '',
});

function ProfileEditor({ user }: { user: FullUser }) {
  const queryClient = useQueryClient();
  const userId = useAuth((s) => s.userId);
  // undefined = unchanged; null = removed; string = newly uploaded url
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useRef<UploadHandle | null>(null);

  const { register, handleSubmit, reset, watch, setError, formState } = useForm({
    resolver: zodResolver(profileForm),
    defaultValues: toForm(user),
  });
  const bio = watch('bio');

  useEffect(
    () => () => {
      upload.current?.abort();
    },
    [],
  );
  const previews = useObjectUrls();

  const onFile = async (file: File) => {
    setUploadError(null);
    const local = previews.create(file);
    setPreview(local);
    setProgress(0);
    upload.current = uploadImage(file, setProgress);
    try {
      const uploaded = await upload.current.promise;
      setAvatar(uploaded.url);
      setPreview(null); // show the stored image, not the local copy
      toast.success('Photo uploaded. Save changes to keep it.');
    } catch (err) {
      const message = errorMessage(err, 'The upload failed. Please try again.');
      setPreview(null);
      setUploadError(message);
      toast.error(message);
    } finally {
      previews.revoke(local);
      setProgress(null);
      upload.current = null;
    }
  };

  const save = useMutation({
    mutationFn: (v: ProfileForm) =>
      userApi.editProfile({
        firstName: v.firstName,
        lastName: v.lastName,
        nickName: v.nickName === '' ? null : v.nickName,
        bio: v.bio === '' ? null : v.bio,
        ...(avatar !== undefined ? { avatar } : {}),
      }),
    onSuccess: (res) => {
      queryClient.setQueryData(profileKey(userId), res.data);
      reset(toForm(res.data));
      setAvatar(undefined);
      setPreview(null);
      toast.success('Profile updated');
    },
    onError: (err) => {
      applyServerErrors(err, setError, ['firstName', 'lastName', 'nickName', 'bio']);
      toast.error(errorMessage(err));
    },
  });

  const uploading = progress !== null;
  const shownAvatar = preview ?? (avatar === undefined ? user.avatar : avatar);

  return (
    <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate className="flex flex-col gap-6">
      <Card className="flex flex-col items-center gap-4 text-center">
        <div className="relative">
          <Avatar
            src={shownAvatar}
            firstName={user.firstName}
            lastName={user.lastName}
            size="xl"
            alt="Your profile photo"
            className="ring-4 ring-brand-soft"
          />
          <span
            className="absolute -right-1 -bottom-1 flex size-9 items-center justify-center rounded-full border-4 border-surface bg-brand-600 text-white"
            aria-hidden="true"
          >
            <Camera className="size-4" />
          </span>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <FileButton
            className={buttonClasses({
              variant: 'secondary',
              size: 'sm',
              className: 'cursor-pointer focus-within:ring-4 focus-within:ring-brand-fg/20',
            })}
            disabled={uploading}
            check={checkImage}
            onProblem={(problem) => {
              setUploadError(problem);
              toast.error(problem);
            }}
            onFiles={([file]) => file && void onFile(file)}
          >
            <Camera className="size-4" aria-hidden="true" />
            Change photo
          </FileButton>
          {shownAvatar && !uploading ? (
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              onClick={() => {
                setPreview(null);
                setAvatar(null);
              }}
            >
              Remove photo
            </Button>
          ) : null}
        </div>
        {uploading ? (
          <div className="w-full max-w-60">
            <ProgressBar value={progress} label="Upload progress" />
            <p className="mt-1.5 text-xs text-muted" aria-hidden="true">
              Uploading… {Math.round(progress * 100)}%
            </p>
          </div>
        ) : (
          <p className="text-xs text-muted">
            {uploadError ? <span className="text-danger-fg">{uploadError}</span> : 'JPEG, PNG or WebP, up to 5 MB.'}
          </p>
        )}
      </Card>

      <Card className="flex flex-col gap-5">
        <div className="grid grid-cols-2 gap-3">
          <Field label="First name" autoComplete="given-name" error={formState.errors.firstName?.message} {...register('firstName')} />
          <Field label="Last name" autoComplete="family-name" error={formState.errors.lastName?.message} {...register('lastName')} />
        </div>
        <Field
          label="Nickname"
          autoCapitalize="none"
          spellCheck={false}
          hint="How friends find you in Chat."
          error={formState.errors.nickName?.message}
          {...register('nickName')}
        />
        <TextAreaField
          label="Bio"
          rows={3}
          maxLength={160}
          placeholder="A line about you"
          hint={`${bio.length}/160`}
          error={formState.errors.bio?.message}
          {...register('bio')}
        />
      </Card>
      <FormAlert message={save.isError ? errorMessage(save.error) : null} />
      <Button type="submit" size="lg" block loading={save.isPending} disabled={uploading}>
        Save changes
      </Button>
    </form>
  );
}

export default function EditProfilePage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader title="Edit profile" back="/account" backLabel="Back to account" />
      {profile.isPending && profile.fetchStatus !== 'paused' ? (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading your profile">
          <Card className="flex flex-col items-center gap-4">
            <Skeleton className="size-24 rounded-full" />
            <Skeleton className="h-11 w-36 rounded-2xl" />
          </Card>
          <Card className="flex flex-col gap-5">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-24 w-full" />
          </Card>
        </div>
      ) : !profile.data ? (
        // Failed, or offline with nothing saved: say so (with Try again) instead of loading for ever.
        <QueryError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileEditor user={profile.data} />
      )}
    </>
  );
}
