import { Star, StarOff } from 'lucide-react';
import { useMemo } from 'react';
import { errorMessage } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { useAuth } from '../account';
import { useSetStar, useStarred } from './actions';
import { FALLBACK_ERROR } from './ask';
import { MessageHitRow, ROW } from './search-parts';

/** The messages I starred, the latest starred first: each opens its chat at the message, and can be unstarred. */
export default function StarredPage() {
  const me = useAuth((s) => s.userId) ?? '';
  const starred = useStarred();
  const setStar = useSetStar();
  const items = useMemo(() => starred.data?.pages.flatMap((p) => p.items) ?? [], [starred.data]);
  return (
    <div>
      <PageHeader title="Starred messages" back="/chat" backLabel="Back to chats" />
      {starred.isPending ? (
        <SkeletonRows label="Loading starred messages" rows={4} className="-mx-5" row={ROW} />
      ) : starred.isError && !starred.data ? (
        <QueryError
          error={starred.error}
          onRetry={() => void starred.refetch()}
          title="We couldn't load your starred messages"
          describe={(e) => errorMessage(e, FALLBACK_ERROR)}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={<Star className="size-9" strokeWidth={1.8} />} title="No starred messages">
          Press and hold a message in a chat, then tap Star to find it here quickly.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Starred messages" className="-mx-5">
            {items.map((s) => (
              <li key={s.message.id}>
                <MessageHitRow
                  hit={s}
                  me={me}
                  extra={
                    <button
                      type="button"
                      aria-label="Unstar"
                      disabled={setStar.isPending && setStar.variables?.messageId === s.message.id}
                      onClick={() => setStar.mutate({ messageId: s.message.id, on: false })}
                      className="flex size-11 shrink-0 items-center justify-center rounded-full text-accent-500 hover:bg-surface-2 disabled:opacity-50"
                    >
                      <StarOff className="size-5" aria-hidden="true" />
                    </button>
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMore pages={starred} />
        </>
      )}
    </div>
  );
}
