import type { ChatMessage } from '@owo/contracts';
import { derivedId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { readableMessage } from './message-actions.js';
import type { SendBatcher } from './send-batch.js';
import type { SendRequest } from './send-checks.js';

// Forwarding a message the caller can read to up to 5 chats: each target gets a new message,
// `forwarded: true`, with the text and media of the original (not its reply, mentions or payment),
// sent through the group commit like any send, so blocks, memberships and the rest hold per target.
// A retry stores nothing twice: each target's temporary id is derived from the request's key (its
// msgId or its Idempotency-Key), the message and the target.

type Target = { toUserId: string; groupId: null } | { toUserId: null; groupId: string };
export type ForwardResult = Target & {
  status: 'sent' | 'failed';
  message: ChatMessage | null;
  error: { code: string; message: string } | null;
};

export async function forwardMessage(
  db: Tx,
  live: { batcher: SendBatcher; deliver: (m: ChatMessage) => void },
  userId: string,
  messageId: string,
  b: { toUserIds: string[]; groupIds: string[]; msgId?: string },
  idempotencyKey: string | undefined,
): Promise<{ messageId: string; results: ForwardResult[]; created: boolean }> {
  const key = b.msgId ?? idempotencyKey;
  if (!key) throw badRequest('Send an Idempotency-Key or a msgId, so a retry does not forward twice', 'FORWARD_KEY_REQUIRED');
  const m = await readableMessage(db, userId, messageId);
  if (m.body.deleted) throw badRequest('This message was deleted', 'MESSAGE_DELETED');
  if (m.msgType === 'payment') throw badRequest('Payments can’t be forwarded: send the money again instead', 'CANNOT_FORWARD');
  if (m.msgType === 'event') throw badRequest('This message can’t be forwarded', 'CANNOT_FORWARD');
  const msgType = m.msgType;
  const msgBody = { text: m.body.text, ...(m.body.media ? { mediaUrl: m.body.media.url } : {}) };
  const targets: Target[] = [
    ...[...new Set(b.toUserIds)].map((toUserId) => ({ toUserId, groupId: null })),
    ...[...new Set(b.groupIds)].map((groupId) => ({ toUserId: null, groupId })),
  ];
  const forward = { media: m.body.media };
  const requests = targets.map((t): SendRequest => {
    const msgId = `fwd-${derivedId('chat.forward', userId, key, messageId, t.groupId ? `group:${t.groupId}` : `user:${t.toUserId}`)}`;
    return t.groupId
      ? { fromUserId: userId, group: { groupId: t.groupId, msgId, msgType, msgBody }, forward }
      : { fromUserId: userId, input: { msgId, toUserId: t.toUserId!, msgType, msgBody }, forward };
  });
  // All at once, so they join one batch of the group commit.
  const outcomes = await Promise.allSettled(requests.map((r) => live.batcher.send(r)));
  const results = outcomes.map((o, i): ForwardResult => {
    if (o.status === 'fulfilled') {
      if (o.value.created) live.deliver(o.value.message);
      return { ...targets[i]!, status: 'sent', message: o.value.message, error: null };
    }
    if (!(o.reason instanceof AppError)) throw o.reason;
    return { ...targets[i]!, status: 'failed', message: null, error: { code: o.reason.code, message: o.reason.message } };
  });
  // A forward that reached no one is refused as its first target was.
  const failed = outcomes.find((o) => o.status === 'rejected');
  if (failed && results.every((r) => r.status === 'failed')) throw failed.reason;
  return { messageId, results, created: outcomes.some((o) => o.status === 'fulfilled' && o.value.created) };
}
