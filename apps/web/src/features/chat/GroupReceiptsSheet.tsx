import { CheckCheck, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChatUser } from '../../api/chat';
import { InlineError } from '../../ui/InlineError';
import { Sheet } from '../../ui/Sheet';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { FALLBACK_ERROR } from './ask';
import { useGroupReceipts } from './groups';
import { PersonLine } from './parts';

function Who({ title, icon, people, none }: { title: string; icon: ReactNode; people: ChatUser[]; none: string }) {
  return (
    <section aria-label={title} className="flex flex-col gap-1">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-muted">
        {icon}
        {title}
        <span className="tabular-nums">({people.length})</span>
      </h3>
      {people.length === 0 ? (
        <p className="px-2 py-2 text-sm text-subtle">{none}</p>
      ) : (
        <ul className="flex flex-col">
          {people.map((p) => (
            <li key={p.id} className="flex min-h-12 items-center gap-3 px-2 py-1">
              <PersonLine person={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Message info" of one's group message: who saw it, who has it delivered, who is still waiting. */
export function GroupReceiptsSheet({ groupId, messageId, onClose }: { groupId: string; messageId: string | null; onClose: () => void }) {
  const receipts = useGroupReceipts(groupId, messageId);
  const r = receipts.data;
  return (
    <Sheet open={messageId !== null} onClose={onClose} title="Message info">
      {receipts.isPending ? (
        <SkeletonRows
          label="Loading who saw it"
          rows={3}
          className=""
          row={{ className: 'flex items-center gap-3 py-2', lead: 'size-10 rounded-full', lines: ['h-4 w-2/5'] }}
        />
      ) : receipts.isError ? (
        <InlineError error={receipts.error} fallback={FALLBACK_ERROR} onRetry={() => void receipts.refetch()} tone="danger" />
      ) : r ? (
        <div className="flex flex-col gap-4">
          <Who
            title="Seen by"
            icon={<CheckCheck className="size-4 text-sky-500" aria-hidden="true" />}
            people={r.seenBy}
            none="No one yet"
          />
          <Who title="Delivered to" icon={<CheckCheck className="size-4" aria-hidden="true" />} people={r.deliveredTo} none="No one else" />
          {r.waiting.length ? (
            <Who title="Waiting" icon={<Clock className="size-4" aria-hidden="true" />} people={r.waiting} none="" />
          ) : null}
        </div>
      ) : null}
    </Sheet>
  );
}
