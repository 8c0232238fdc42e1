import { UserX } from 'lucide-react';
import { useMemo } from 'react';
import type { BlockedPerson } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { Skeleton } from '../../ui/Spinner';
import { FALLBACK_ERROR } from './ask';
import { useBlocks, useSetBlocked } from './blocks';
import { fullName } from './cache';

function BlockedRow({ item }: { item: BlockedPerson }) {
  const name = fullName(item.user);
  const setBlocked = useSetBlocked(item.user.id, name);
  return (
    <li className="flex min-h-[72px] items-center gap-3 px-5 py-2.5">
      <Avatar src={item.user.avatar} firstName={item.user.firstName} lastName={item.user.lastName} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{name}</span>
        {item.user.nickName ? <span className="block truncate text-sm text-muted">@{item.user.nickName}</span> : null}
      </span>
      <Button
        size="sm"
        variant="outline"
        aria-label={`Unblock ${name}`}
        loading={setBlocked.isPending}
        onClick={() => setBlocked.mutate(false)}
      >
        Unblock
      </Button>
    </li>
  );
}

/** The people I blocked in chat, each with Unblock. */
export default function BlockedPage() {
  const blocks = useBlocks();
  const items = useMemo(() => blocks.data?.pages.flatMap((p) => p.items) ?? [], [blocks.data]);
  return (
    <div>
      <PageHeader title="Blocked people" back="/chat" backLabel="Back to chats" />
      {blocks.isPending ? (
        <div role="status" aria-label="Loading blocked people" className="-mx-5">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3 px-5 py-3">
              <Skeleton className="size-12 rounded-full" />
              <Skeleton className="h-4 flex-1" />
            </div>
          ))}
        </div>
      ) : blocks.isError && !blocks.data ? (
        <QueryError
          error={blocks.error}
          onRetry={() => void blocks.refetch()}
          title="We couldn't load the people you blocked"
          describe={(e) => errorMessage(e, FALLBACK_ERROR)}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={<UserX className="size-9" strokeWidth={1.8} />} title="You haven’t blocked anyone">
          People you block can’t message or call you, and don’t see when you are online. Block someone from a chat’s menu or their profile.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Blocked people" className="-mx-5">
            {items.map((b) => (
              <BlockedRow key={b.user.id} item={b} />
            ))}
          </ul>
          <LoadMore pages={blocks} />
        </>
      )}
    </div>
  );
}
