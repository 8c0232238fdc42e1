import { Phone } from 'lucide-react';
import { namesList } from './format';
import { useGroupCall } from './group-call-state';

// A group conversation's parts of its voice call: the header's "Voice call" and the "Join call"
// banner while a call is live. The call's own code (WebRTC) loads with the first tap.

/** "Voice call": starts the group's call, or joins the live one (the server joins it then). */
export function startOrJoinGroupCall(groupId: string): void {
  void import('./group-call').then((m) => m.startGroupCall(groupId));
}

/** While the group's call is live and this device is not in it: who is in it, and "Join call". */
export function GroupCallBanner({
  groupId,
  nameOf,
  disabled,
}: {
  groupId: string;
  nameOf: (userId: string) => string;
  disabled?: boolean;
}) {
  const live = useGroupCall((s) => s.live[groupId]);
  const here = useGroupCall((s) => s.phase !== 'idle' && s.groupId === groupId);
  if (!live || here) return null;
  const names = live.participants.map((p) => nameOf(p.userId));
  const verb = names.length === 1 && names[0] !== 'You' ? 'is' : 'are';
  return (
    <section
      aria-label="Voice call in progress"
      className="flex items-center gap-3 border-b border-line bg-brand-soft px-4 py-2 text-brand-fg"
    >
      <Phone className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">
        <span className="block font-semibold">Voice call in progress</span>
        <span className="block truncate text-xs">{`${namesList(names)} ${verb} in the call`}</span>
      </p>
      <button
        type="button"
        disabled={disabled}
        onClick={() => void import('./group-call').then((m) => m.joinGroupCall(live))}
        className="min-h-11 shrink-0 rounded-full bg-brand-500 px-4 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-50"
      >
        Join call
      </button>
    </section>
  );
}
