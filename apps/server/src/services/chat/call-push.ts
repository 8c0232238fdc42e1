import type { Tx } from '../../platform/db.js';
import { dismiss, notify } from '../notifications/index.js';
import { userById } from '../user/index.js';
import type { CallRow } from './calls.service.js';

// A call's pushes (docs/notifications.md), in the transaction of the call's change: the callee's
// devices ring (urgent, kept only while the call can ring, with Answer and Decline); when the call
// is answered (on any device), declined, ended or missed, a push of the same tag closes the ringing
// on every device it reached; a call not answered is a missed call in the centre and on the phone.

/** The tag of a call's ringing: the close replaces it. */
const ringTag = (callId: string) => `call:${callId}`;

const callerName = async (tx: Tx, row: CallRow) => {
  const u = await userById(tx, row.callerId);
  return u ? `${u.firstName} ${u.lastName}` : 'Someone';
};

/** The callee's devices ring. */
export async function ringCallee(tx: Tx, row: CallRow, ringMs: number): Promise<void> {
  await notify(tx, [row.calleeId], {
    kind: 'call.incoming',
    title: await callerName(tx, row),
    body: row.kind === 'video' ? 'Incoming video call' : 'Incoming voice call',
    // The app opened from it rings the call at once (its chat connection gets it) and answers or declines as chosen.
    link: `/chat/${row.callerId}?call=${row.id}`,
    tag: ringTag(row.id),
    urgent: true,
    actions: [
      { action: 'answer', title: 'Answer' },
      { action: 'decline', title: 'Decline' },
    ],
    ttlSeconds: Math.max(1, Math.ceil(ringMs / 1000)),
    inApp: false,
  });
}

/** The ringing stops on each of the callee's devices it reached (a push that was not sent yet is not). */
export const stopRinging = (tx: Tx, row: CallRow) => dismiss(tx, [row.calleeId], 'call.ended', ringTag(row.id));

/** A call the callee did not take (no answer, the caller gave up, or they were in another call): a missed call. */
export async function callMissed(tx: Tx, row: CallRow): Promise<void> {
  await stopRinging(tx, row);
  await notify(tx, [row.calleeId], {
    kind: 'missedCall',
    title: row.kind === 'video' ? 'Missed video call' : 'Missed voice call',
    body: `From ${await callerName(tx, row)}`,
    link: '/chat/calls',
    tag: `missed:${row.id}`,
  });
}

/**
 * What a call's change tells the callee's devices: answered (on any device) or declined, the ringing
 * stops; missed or busy, a missed call. (An answered call that ends stopped ringing when answered.)
 */
export async function callChanged(tx: Tx, row: CallRow): Promise<void> {
  if (row.status === 'missed' || row.status === 'busy') await callMissed(tx, row);
  else if (row.status === 'active' || row.status === 'declined') await stopRinging(tx, row);
}
