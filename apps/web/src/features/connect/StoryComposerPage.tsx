import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { connectApi } from '../../api/connect';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs } from '../../ui/Tabs';
import { MediaPicker } from './MediaPicker';
import { connectKeys } from './queries';
import { useMediaUpload } from './use-media-upload';

const COLOURS = [
  ['#0b6e4f', 'Green'],
  ['#1d4ed8', 'Blue'],
  ['#b91c1c', 'Red'],
  ['#7c3aed', 'Purple'],
  ['#c2410c', 'Orange'],
  ['#111827', 'Black'],
] as const;
type Kind = 'media' | 'text';

/** A story: a photo or video, or text on a colour; for everyone who follows you or close friends only. */
export default function StoryComposerPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const media = useMediaUpload({ maxImages: 1 });
  const [kind, setKind] = useState<Kind>('media');
  const [text, setText] = useState('');
  const [background, setBackground] = useState<string>(COLOURS[0][0]);
  const [audience, setAudience] = useState<'everyone' | 'close_friends'>('everyone');
  const [error, setError] = useState<string | null>(null);
  const uploaded = media.items.find((m) => m.status === 'done');
  const create = useMutation({
    mutationFn: () =>
      connectApi.createStory(
        kind === 'text'
          ? { kind: 'text', text, background, audience }
          : { kind: uploaded?.kind ?? 'image', mediaUrl: uploaded?.url, ...(text.trim() ? { text } : {}), audience },
      ),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: connectKeys.stories });
      toast.success(audience === 'close_friends' ? 'Shared with your close friends' : 'Your story is live');
      void navigate('/connect');
    },
    onError: (err) => setError(errorMessage(err, "We couldn't share your story.")),
  });
  const submit = () => {
    setError(null);
    if (kind === 'text' && !text.trim()) return setError('Write something for your story');
    if (kind === 'media' && !uploaded) return setError(media.uploading ? 'Wait for the upload to finish' : 'Add a photo or video');
    create.mutate();
  };
  return (
    <div>
      <PageHeader title="New story" back="/connect" />
      <Tabs
        label="Story type"
        tabs={[
          { id: 'media', label: 'Photo or video' },
          { id: 'text', label: 'Text' },
        ]}
        value={kind}
        onChange={setKind}
        className="mb-4"
      />
      <div className="flex flex-col gap-4">
        <FormAlert message={error} />
        {kind === 'media' ? (
          <MediaPicker media={media} accept="image/jpeg,image/png,image/webp,video/mp4,video/webm" label="Choose a photo or video" />
        ) : (
          <>
            <div className="flex min-h-48 items-center justify-center rounded-3xl p-6" style={{ background }} aria-hidden="true">
              <p className="text-center text-xl font-bold break-words whitespace-pre-wrap text-white">{text || 'Your text here'}</p>
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">Background</legend>
              <div className="flex gap-2">
                {COLOURS.map(([hex, name]) => (
                  <button
                    key={hex}
                    type="button"
                    aria-label={name}
                    aria-pressed={background === hex}
                    onClick={() => setBackground(hex)}
                    className={cn('size-10 rounded-full ring-offset-2 ring-offset-canvas', background === hex && 'ring-2 ring-brand-600')}
                    style={{ background: hex }}
                  />
                ))}
              </div>
            </fieldset>
          </>
        )}
        <TextAreaField
          label={kind === 'text' ? 'Text' : 'Caption (optional)'}
          value={text}
          rows={3}
          maxLength={500}
          onChange={(e) => setText(e.target.value)}
        />
        <fieldset className="rounded-2xl border border-line p-3">
          <legend className="px-1 text-sm font-semibold">Who can see it</legend>
          {(
            [
              ['everyone', 'Everyone who follows you'],
              ['close_friends', 'Close friends only'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name="audience"
                value={value}
                checked={audience === value}
                onChange={() => setAudience(value)}
                className="size-5 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <Button block loading={create.isPending} disabled={media.uploading} onClick={submit}>
          Share story
        </Button>
      </div>
    </div>
  );
}
