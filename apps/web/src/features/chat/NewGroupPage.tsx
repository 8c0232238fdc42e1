import { groupName } from '@owo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { ImagePicker, useImageUpload } from '../../ui/ImagePicker';
import { PageHeader } from '../../ui/PageHeader';
import { FALLBACK_ERROR } from './ask';
import { chatKeys } from './cache';
import { groupKeys } from './group-cache';
import { groupsApi } from './groups-api';
import { Directory } from './NewChatSheet';
import { ChosenPeople, usePicked } from './pick-people';

/** "New group": a name, an optional photo, and people who may message you; you are its admin. */
export default function NewGroupPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const photo = useImageUpload();
  const { picked, toggle, ids, people } = usePicked();
  const create = useMutation({
    mutationFn: (body: { name: string; photoUrl?: string; memberIds: string[] }) => groupsApi.create(body),
    onSuccess: (res) => {
      for (const p of picked.values()) qc.setQueryData(chatKeys.person(p.id), p);
      qc.setQueryData(groupKeys.info(res.data.id), res.data);
      void qc.invalidateQueries({ queryKey: groupKeys.list });
      void navigate(`/chat/groups/${res.data.id}`, { replace: true });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = groupName.safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    create.mutate({ name: checked.data, memberIds: [...ids], ...(photo.url ? { photoUrl: photo.url } : {}) });
  };

  return (
    <form onSubmit={submit} noValidate className="pb-24">
      <PageHeader title="New group" back="/chat" backLabel="Back to chats" />
      <div className="flex flex-col gap-5">
        <Field
          label="Group name"
          value={name}
          maxLength={60}
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            if (nameError) setNameError(undefined);
          }}
          error={nameError}
          hint="Up to 60 characters"
        />
        <ImagePicker image={photo} label="Group photo" shape="square" />
        {photo.error ? <p className="text-sm text-danger-fg">{photo.error}</p> : null}
        <section aria-labelledby="people-h" className="flex flex-col gap-3">
          <h2 id="people-h" className="text-sm font-medium text-fg">
            People {people.length ? <span className="text-muted">({people.length} chosen)</span> : null}
          </h2>
          <ChosenPeople people={people} onRemove={toggle} />
          <Directory onPick={toggle} picked={ids} />
        </section>
      </div>
      <div className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 mx-auto max-w-md border-t border-line bg-canvas/95 px-5 pt-1 pb-3 backdrop-blur">
        <FormAlert message={create.isError ? errorMessage(create.error, FALLBACK_ERROR) : null} />
        <Button type="submit" block loading={create.isPending} disabled={photo.uploading} className="mt-2">
          {people.length ? `Create group with ${people.length} ${people.length === 1 ? 'person' : 'people'}` : 'Create group'}
        </Button>
      </div>
    </form>
  );
}
