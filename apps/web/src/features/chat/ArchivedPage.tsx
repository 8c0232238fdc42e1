import { Archive } from 'lucide-react';
import { useMemo } from 'react';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { useAuth } from '../account';
import { FALLBACK_ERROR } from './ask';
import { ChatRows, archivedOf, rowsOf } from './chat-rows';
import { useGroups } from './groups';
import { useRecentChats } from './queries';
import { ROW } from './search-parts';

/** The chats and groups I archived: each opens as usual, with Unarchive beside it. */
export default function ArchivedPage() {
  const me = useAuth((s) => s.userId) ?? '';
  const recent = useRecentChats();
  const groups = useGroups();
  const rows = useMemo(
    () =>
      rowsOf(
        (recent.data?.pages.flatMap((p) => p.items) ?? []).filter(archivedOf),
        (groups.data?.pages.flatMap((p) => p.items) ?? []).filter(archivedOf),
      ),
    [recent.data, groups.data],
  );
  return (
    <div>
      <PageHeader title="Archived" back="/chat" backLabel="Back to chats" />
      {recent.isPending ? (
        <SkeletonRows label="Loading archived chats" rows={3} className="-mx-5" row={ROW} />
      ) : recent.isError && !recent.data ? (
        <QueryError
          error={recent.error}
          onRetry={() => void recent.refetch()}
          title="We couldn't load your chats"
          describe={(e) => errorMessage(e, FALLBACK_ERROR)}
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Archive className="size-9" strokeWidth={1.8} />} title="No archived chats">
          Archive a chat from its “More” button in your chats. It stays here, even when new messages come, until you unarchive it.
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 px-1 text-sm text-muted">Archived chats stay here when new messages arrive, until you unarchive them.</p>
          <ChatRows rows={rows} me={me} label="Archived chats" />
        </>
      )}
      {groups.isError && !groups.data ? (
        <InlineError error={groups.error} fallback={FALLBACK_ERROR} onRetry={() => void groups.refetch()} className="-mx-4" />
      ) : null}
      <LoadMore pages={recent} />
      <LoadMore pages={groups} />
    </div>
  );
}
