import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { Skeleton } from '../../ui/Spinner';
import { FALLBACK_ERROR } from './ask';
import { groupKeys } from './group-cache';
import { GroupAvatar } from './group-parts';
import { groupsApi } from './groups-api';

/** An invite link (/chat/join/:code): the group's name, photo and size first, then join and its conversation opens. */
export default function JoinGroupPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const preview = useQuery({
    queryKey: ['chat', 'group-invite', code],
    queryFn: async ({ signal }) => (await groupsApi.invitePreview(code, signal)).data,
    retry: false,
  });
  const join = useMutation({
    mutationFn: () => groupsApi.join(code),
    onSuccess: (res) => {
      qc.setQueryData(groupKeys.info(res.data.id), res.data);
      void qc.invalidateQueries({ queryKey: groupKeys.list });
      void navigate(`/chat/groups/${res.data.id}`, { replace: true });
    },
  });
  const g = preview.data;
  const gone = preview.error instanceof ApiError && (preview.error.code === 'INVITE_NOT_FOUND' || preview.error.status === 400);
  return (
    <div>
      <PageHeader title="Group invite" back="/chat" backLabel="Back to chats" />
      {preview.isPending ? (
        <div className="flex flex-col items-center gap-3 px-5 py-10" aria-busy="true" aria-label="Loading the invite">
          <Skeleton className="size-24 rounded-full" />
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      ) : gone ? (
        <EmptyState icon={<Link2Off className="size-9" strokeWidth={1.8} />} title="This invite link doesn’t work">
          {errorMessage(preview.error, 'This invite link was reset or is not valid')}. Ask someone in the group for a new link.
        </EmptyState>
      ) : preview.isError ? (
        <QueryError error={preview.error} onRetry={() => void preview.refetch()} title="We couldn't load this invite" />
      ) : g ? (
        <section aria-label="The group" className="flex flex-col items-center px-6 py-8 text-center">
          <GroupAvatar name={g.name} photoUrl={g.photoUrl} size="xl" />
          <h2 className="mt-4 text-xl font-bold tracking-tight text-fg">{g.name}</h2>
          <p className="mt-1 text-sm font-semibold text-muted">{g.memberCount === 1 ? '1 member' : `${g.memberCount} members`}</p>
          <p className="mt-4 max-w-xs text-[15px] leading-relaxed text-muted">
            {g.isMember
              ? 'You’re already in this group.'
              : 'Joining lets the group’s members see your name and message you there. You’ll see the messages sent from now on.'}
          </p>
          <div className="mt-6 flex w-full max-w-xs flex-col gap-3">
            <FormAlert message={join.isError ? errorMessage(join.error, FALLBACK_ERROR) : null} />
            {g.isMember ? (
              <Button block onClick={() => void navigate(`/chat/groups/${g.groupId}`, { replace: true })}>
                Open group
              </Button>
            ) : (
              <Button block loading={join.isPending} onClick={() => join.mutate()}>
                Join group
              </Button>
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}
