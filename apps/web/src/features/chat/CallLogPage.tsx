import { useQueryClient } from '@tanstack/react-query';
import { PhoneCall, PhoneIncoming, PhoneMissed, PhoneOutgoing, Phone, Users, Video } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Call } from '../../api/chat';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../api/client';
import { FALLBACK_ERROR } from './ask';
import { Avatar } from '../../ui/Avatar';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { QueryError } from '../../ui/QueryError';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { chatKeys, fullName } from './cache';
import { useCall } from './call-state';
import { startCall } from './calls';
import { callSummary, clock, listTime } from './format';
import { startOrJoinGroupCall } from './GroupCallBanner';
import { useGroupCall } from './group-call-state';
import { GroupAvatar } from './group-parts';
import { ChatHeader, ChatTabs } from './parts';
import { useCallLog } from './queries';

type GroupOfCall = NonNullable<Call['group']>;

/** A group call's line: "Missed group call", "Outgoing group call · 4:02", "Group call · on now". */
export function groupCallSummary(c: Pick<Call, 'status' | 'direction' | 'durationMs'>): string {
  const dir = c.direction === 'outgoing' ? 'Outgoing' : 'Incoming';
  if (c.status === 'active') return 'Group call · on now';
  if (c.status === 'missed') return c.direction === 'incoming' ? 'Missed group call' : 'Outgoing group call · no answer';
  return c.durationMs !== null ? `${dir} group call · ${clock(c.durationMs)}` : `${dir} group call`;
}

/** A group's voice call: the group (its name and photo, opening its conversation); the button starts its call, or joins the live one. */
function GroupCallRow({ call, group, busy }: { call: Call; group: GroupOfCall; busy: boolean }) {
  const missed = call.status === 'missed' && call.direction === 'incoming';
  const unanswered = call.status === 'missed';
  const live = call.status === 'active';
  const Icon = missed ? PhoneMissed : call.direction === 'incoming' ? PhoneIncoming : PhoneOutgoing;
  return (
    <div className="flex min-h-[72px] items-center gap-3 px-5 py-2.5">
      <Link to={`/chat/groups/${group.id}`} className="flex min-w-0 flex-1 items-center gap-3">
        <GroupAvatar name={group.name} photoUrl={group.photoUrl} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cn('min-w-0 flex-1 truncate font-semibold', missed && 'text-danger-fg')}>{group.name}</span>
            <span className="shrink-0 text-xs text-muted tabular-nums">{listTime(call.startedAt)}</span>
          </span>
          <span className={cn('mt-0.5 flex items-center gap-1.5 text-sm', missed ? 'text-danger-fg' : 'text-muted')}>
            {live ? (
              <Users className="size-4 shrink-0 text-brand-fg" aria-hidden="true" />
            ) : (
              <Icon className={cn('size-4 shrink-0', unanswered && !missed && 'text-danger-fg')} aria-hidden="true" />
            )}
            <span className="truncate">{groupCallSummary(call)}</span>
          </span>
        </span>
      </Link>
      <button
        type="button"
        aria-label={live ? `Join the call in ${group.name}` : `Call ${group.name} (group voice call)`}
        disabled={busy}
        onClick={() => startOrJoinGroupCall(group.id)}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-brand-fg hover:bg-brand-soft disabled:opacity-50"
      >
        <Phone className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

function CallRow({ call, busy }: { call: Call; busy: boolean }) {
  if (call.group) return <GroupCallRow call={call} group={call.group} busy={busy} />;
  const name = fullName(call.other);
  const missed = call.status === 'missed' && call.direction === 'incoming';
  const unanswered = call.status === 'missed' || call.status === 'declined' || call.status === 'busy';
  const Icon = missed ? PhoneMissed : call.direction === 'incoming' ? PhoneIncoming : PhoneOutgoing;
  const KindIcon = call.kind === 'video' ? Video : Phone;
  return (
    <div className="flex min-h-[72px] items-center gap-3 px-5 py-2.5">
      <Link to={`/chat/${call.other.id}`} className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={call.other.avatar} firstName={call.other.firstName} lastName={call.other.lastName} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cn('min-w-0 flex-1 truncate font-semibold', missed && 'text-danger-fg')}>{name}</span>
            <span className="shrink-0 text-xs text-muted tabular-nums">{listTime(call.startedAt)}</span>
          </span>
          <span className={cn('mt-0.5 flex items-center gap-1.5 text-sm', missed ? 'text-danger-fg' : 'text-muted')}>
            <Icon className={cn('size-4 shrink-0', unanswered && !missed && 'text-danger-fg')} aria-hidden="true" />
            <span className="truncate">{callSummary(call)}</span>
          </span>
        </span>
      </Link>
      <button
        type="button"
        aria-label={`Call ${name} back (${call.kind === 'video' ? 'video' : 'voice'})`}
        disabled={busy}
        onClick={() => void startCall(call.other, call.kind)}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-brand-fg hover:bg-brand-soft disabled:opacity-50"
      >
        <KindIcon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Calls: the call log, the latest first; missed calls in red, each with a call back button. */
export default function CallLogPage() {
  const log = useCallLog();
  const qc = useQueryClient();
  const phase = useCall((s) => s.phase);
  const groupPhase = useGroupCall((s) => s.phase);
  const busy = (phase !== 'idle' && phase !== 'ended') || (groupPhase !== 'idle' && groupPhase !== 'ended');
  // A call that just ended (1:1 or group) shows at once.
  useEffect(() => {
    if (phase === 'ended' || groupPhase === 'ended') void qc.invalidateQueries({ queryKey: chatKeys.calls });
  }, [phase, groupPhase, qc]);
  const calls = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <ChatHeader title="Calls" />
      <ChatTabs />
      {log.isPending ? (
        <SkeletonRows
          label="Loading calls"
          rows={3}
          className="-mx-5"
          row={{ className: 'flex items-center gap-3 px-5 py-3', lead: 'size-12 rounded-full', lines: ['h-4 w-2/5', 'h-3.5 w-3/5'] }}
        />
      ) : log.isError && !log.data ? (
        <QueryError
          error={log.error}
          onRetry={() => void log.refetch()}
          title="We couldn't load your calls"
          describe={(e) => errorMessage(e, FALLBACK_ERROR)}
        />
      ) : calls.length === 0 ? (
        <EmptyState icon={<PhoneCall className="size-9" strokeWidth={1.8} />} title="No calls yet">
          Voice and video calls you make and get in your chats and groups show here.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Calls" className="-mx-5">
            {calls.map((c) => (
              <li key={c.id}>
                <CallRow call={c} busy={busy} />
              </li>
            ))}
          </ul>
          <LoadMore pages={log} />
        </>
      )}
    </div>
  );
}
