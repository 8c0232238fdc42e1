import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { FALLBACK_ERROR } from './ask';
import { groupKeys } from './group-cache';
import { groupsApi } from './groups-api';

/** An invite link (/chat/join/:code): join the group, then its conversation opens. */
export default function JoinGroupPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const join = useMutation({
    mutationFn: () => groupsApi.join(code),
    onSuccess: (res) => {
      qc.setQueryData(groupKeys.info(res.data.id), res.data);
      void qc.invalidateQueries({ queryKey: groupKeys.list });
      void navigate(`/chat/groups/${res.data.id}`, { replace: true });
    },
  });
  return (
    <div>
      <PageHeader title="Group invite" back="/chat" backLabel="Back to chats" />
      <EmptyState
        icon={<UsersRound className="size-9" strokeWidth={1.8} />}
        title="You’ve been invited to a group"
        action={
          <div className="flex flex-col gap-3">
            <FormAlert message={join.isError ? errorMessage(join.error, FALLBACK_ERROR) : null} />
            <Button block loading={join.isPending} onClick={() => join.mutate()}>
              Join group
            </Button>
          </div>
        }
      >
        Joining lets the group’s members see your name and message you there. You’ll see the messages sent from now on.
      </EmptyState>
    </div>
  );
}
