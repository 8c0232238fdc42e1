import type { ChatMessage, GroupSendBody, SendMessageBody } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { findIntent } from '../transaction/index.js';
import { uploadsOf } from '../upload/index.js';
import { usersByIds } from '../user/index.js';
import { blockedPairs, cannotMessage } from './block-rule.js';
import { conversationId } from './conversation-id.js';
import { currentPairs } from './groups.queries.js';
import {
  messagesInConversations,
  storedByClientIds,
  toMessage,
  type MessageBody,
  type MessageRow,
  type ReadyMessage,
} from './message.queries.js';

// The checks a message passes before it is stored, for many sends at once (a batch of the group
// commit, or one): a handful of statements for the whole batch, whatever its size. Each send gets
// its own answer: ready to store, already stored (a resend of its temporary id), or its error.

/**
 * A message forwarded (forward.ts): the content of a message the sender can read, media included
 * (already checked when it was first sent, so not the forwarder's upload), marked `forwarded`.
 */
export type Forwarded = { media: MessageBody['media'] };
/** A message to a person (`input`) or to a group (`group`), perhaps a forward. */
export type SendRequest = (
  { fromUserId: string; input: SendMessageBody } | { fromUserId: string; group: GroupSendBody & { groupId: string } }
) & { forward?: Forwarded };
type Body = { text?: string; replyTo?: string | null; mediaUrl?: string; paymentReference?: string };
type Send = { msgId: string; toUserId: string; msgType: Exclude<ChatMessage['msgType'], 'event'>; msgBody: Body; mentions?: string[] };
const groupNotFound = () => notFound('Group not found', 'GROUP_NOT_FOUND');
/** In a send's checks, whether `to` is a group (the send is to the group; toUserId is its id). */
type Item = { from: string; b: Send; group: boolean; forward?: Forwarded };
const itemOf = (r: SendRequest): Item =>
  'group' in r
    ? { from: r.fromUserId, b: { ...(r.group as Omit<Send, 'toUserId'>), toUserId: r.group.groupId }, group: true, forward: r.forward }
    : { from: r.fromUserId, b: r.input as Send, group: false, forward: r.forward };
const convoOf = (x: Item) => (x.group ? x.b.toUserId : conversationId(x.from, x.b.toUserId));
export type Checked = { ready: ReadyMessage } | { stored: ChatMessage } | { error: AppError };

const previewOf = (r: MessageRow) =>
  (r.body.text || (r.msgType === 'image' ? 'Photo' : r.msgType === 'voice' ? 'Voice note' : 'Payment')).slice(0, 200);

/** What the message carries besides its text: the media checked as the sender's upload, the payment as theirs to the recipient. */
async function attachments(tx: Tx, fromUserId: string, b: Send, group: boolean) {
  let media: MessageBody['media'] = null;
  let payment: MessageBody['payment'] = null;
  if (b.msgType === 'image' || b.msgType === 'voice') {
    const [u] = await uploadsOf(tx, fromUserId, [b.msgBody.mediaUrl ?? '']);
    const want = b.msgType === 'image' ? 'image' : 'audio';
    if (!u || u.kind !== want)
      throw badRequest(b.msgType === 'image' ? 'Send a photo you uploaded' : 'Send a voice note you recorded', 'MEDIA_NOT_FOUND');
    media = { url: u.url, thumbnailUrl: u.thumbnailUrl, durationMs: u.durationMs, width: u.width, height: u.height };
  }
  if (b.msgType === 'payment') {
    const intent = await findIntent(tx, fromUserId, b.msgBody.paymentReference ?? '', ['sendMoney']);
    // In a group, money sent to one of its members.
    const to = intent?.counterparty.id ?? null;
    const toThem = to && (group ? (await currentPairs(tx, [{ groupId: b.toUserId, userId: to }])).size > 0 : to === b.toUserId);
    if (!intent || !toThem) throw notFound('That payment was not found: send the money first, then share it', 'PAYMENT_NOT_FOUND');
    if (intent.status === 'initiated') throw badRequest('Confirm the payment with your PIN first', 'PAYMENT_NOT_CONFIRMED');
    payment = { reference: intent.reference, amount: Number(intent.amount), status: intent.status };
    // In a group, who was paid, named as the payment named them: the group sees "Folake paid Ikenna".
    if (group) payment = { ...payment, toUserId: to, toName: intent.counterparty.name };
  }
  return { media, payment };
}

/**
 * Checks sends: never to oneself; the recipient exists and is reachable (no block either way, a
 * resend included); a temporary id already stored returns its message (409 when it was used for
 * someone else); a reply points to a message of the same conversation; media and payments are
 * the sender's (a forward's media is the forwarded message's). What they point to does not change, so the checks hold at the insert.
 */
export async function checkSends(db: Tx, sends: readonly SendRequest[]): Promise<Checked[]> {
  const list = sends.map(itemOf);
  const direct = list.filter((x) => !x.group);
  const inGroups = list.filter((x) => x.group);
  const people = new Set((await usersByIds(db, [...new Set(direct.map((x) => x.b.toUserId))])).map((u) => u.id));
  const blocked = await blockedPairs(
    db,
    direct.map((x) => [x.from, x.b.toUserId]),
  );
  const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
  // Senders' memberships and the people they mention, in one statement.
  const memberships = await currentPairs(db, [
    ...inGroups.map((x) => ({ groupId: x.b.toUserId, userId: x.from })),
    ...inGroups.flatMap((x) => (x.b.mentions ?? []).map((userId) => ({ groupId: x.b.toUserId, userId }))),
  ]);
  const stored = new Map(
    (
      await storedByClientIds(
        db,
        list.map((x) => ({ fromUserId: x.from, clientMsgId: x.b.msgId })),
      )
    ).map((r) => [`${r.fromUserId}:${r.clientMsgId}`, r]),
  );
  const replies = new Map(
    (
      await messagesInConversations(
        db,
        list.flatMap((x) => (x.b.msgBody.replyTo ? [{ id: x.b.msgBody.replyTo, conversationId: convoOf(x) }] : [])),
      )
    ).map((r) => [r.id, r]),
  );
  const out: Checked[] = [];
  for (const x of list) {
    const { from, b } = x;
    try {
      if (x.group) {
        if (!memberships.has(`${b.toUserId}:${from}`)) throw groupNotFound();
        if ((b.mentions ?? []).some((id) => !memberships.has(`${b.toUserId}:${id}`)))
          throw badRequest('You can only mention people in this group', 'MENTION_NOT_MEMBER');
      } else {
        if (b.toUserId === from) throw badRequest('You can’t message yourself', 'CHAT_SELF');
        if (!people.has(b.toUserId)) throw notFound('User not found', 'USER_NOT_FOUND');
        if (blocked.has(pairKey(from, b.toUserId))) throw cannotMessage();
      }
      const again = stored.get(`${from}:${b.msgId}`);
      if (again) {
        if (again.toUserId !== b.toUserId) throw conflict('This msgId was already used for another message', 'MSG_ID_REUSED');
        out.push({ stored: toMessage(again) });
        continue;
      }
      const convo = convoOf(x);
      let replyTo: MessageBody['replyTo'] = null;
      if (b.msgBody.replyTo) {
        const r = replies.get(b.msgBody.replyTo);
        if (!r || r.conversationId !== convo || r.msgType === 'event')
          throw badRequest('The message you reply to is not in this conversation', 'REPLY_NOT_FOUND');
        replyTo = { id: r.id, fromUserId: r.fromUserId, msgType: r.msgType, text: previewOf(r) };
      }
      const { media, payment } = x.forward
        ? { media: x.forward.media, payment: null }
        : b.msgType === 'text'
          ? { media: null, payment: null }
          : await attachments(db, from, b, x.group);
      const mentions = [...new Set(b.mentions ?? [])];
      out.push({
        ready: {
          id: newId(),
          conversationId: convo,
          pair: x.group ? null : from < b.toUserId ? [from, b.toUserId] : [b.toUserId, from],
          fromUserId: from,
          toUserId: b.toUserId,
          clientMsgId: b.msgId,
          msgType: b.msgType,
          body: {
            text: b.msgBody.text ?? '',
            replyTo,
            media,
            payment,
            ...(mentions.length ? { mentions } : {}),
            ...(x.forward ? { forwarded: true } : {}),
          },
          paymentReference: payment?.reference ?? null,
        },
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ error: err });
    }
  }
  return out;
}
