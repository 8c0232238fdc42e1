import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { SendMessageBody } from '../../api/chat';
import { ApiError, NETWORK_ERROR_CODE, errorMessage } from '../../api/client';
import { uploadFile } from '../../api/upload';
import { FALLBACK_ERROR, NOT_CONNECTED, ask, isTransient } from './ask';
import { applyAnyMessage } from './group-cache';
import { type OutboxEntry, chatStore } from './db';
import { getSocket } from './socket';
import type { MsgType, ReplyPreview } from './types';

/**
 * Messages on their way: shown at once under their temporary msgId, kept in IndexedDB until the
 * server has them, and sent one at a time in the order they were written, each with an
 * acknowledgement. No answer within 8 s sends it again with the SAME msgId (the server stores it
 * once); no connection leaves it queued until the socket connects again.
 */
export type PendingState = 'queued' | 'uploading' | 'sending' | 'failed';
export interface Pending extends OutboxEntry {
  state: PendingState;
  progress?: number;
  /** A local URL for a photo or voice note not uploaded yet. */
  localUrl?: string;
}

interface OutboxStoreState {
  items: Record<string, Pending>;
}
export const useOutbox = create<OutboxStoreState>(() => ({ items: {} }));

const patch = (msgId: string, change: Partial<Pending>) =>
  useOutbox.setState((s) => {
    const cur = s.items[msgId];
    return cur ? { items: { ...s.items, [msgId]: { ...cur, ...change } } } : s;
  });
const drop = (msgId: string) =>
  useOutbox.setState((s) => {
    const { [msgId]: gone, ...rest } = s.items;
    if (gone?.localUrl) URL.revokeObjectURL(gone.localUrl);
    return { items: rest };
  });

let lastOrder = 0;
const nextOrder = () => (lastOrder = Math.max(Date.now(), lastOrder + 1));

const newMsgId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `m-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The persisted part of an entry (no state, progress or local URL). */
const persisted = ({ state: _s, progress: _p, localUrl: _l, ...e }: Pending): OutboxEntry => e;

const save = (p: Pending) =>
  chatStore()
    .putOutbox(persisted(p))
    .catch(() => undefined);

let bound: { qc: QueryClient; me: string } | null = null;
/** Tells the outbox whose messages it sends and which cache gets the stored ones. */
export function bindOutbox(qc: QueryClient, me: string): void {
  bound = { qc, me };
}

/** Puts the signed-in person's saved queue back on screen (after a reload) and starts sending it. */
export async function loadOutbox(): Promise<void> {
  if (!bound) return;
  const { me } = bound;
  const saved = await chatStore()
    .outbox(me)
    .catch(() => [] as OutboxEntry[]);
  useOutbox.setState((s) => {
    const items = { ...s.items };
    for (const e of saved) {
      if (items[e.msgId]) continue;
      lastOrder = Math.max(lastOrder, e.order);
      items[e.msgId] = { ...e, state: e.error ? 'failed' : 'queued', localUrl: e.blob ? URL.createObjectURL(e.blob) : undefined };
    }
    return { items };
  });
  void pump();
}

export interface Draft {
  /** The person; for a group message, the group (and `groupId` set). */
  toUserId: string;
  groupId?: string;
  mentions?: string[];
  msgType: MsgType;
  text?: string;
  replyTo?: ReplyPreview | null;
  mediaUrl?: string;
  paymentReference?: string;
  amount?: number;
  blob?: Blob;
  blobName?: string;
}

/** Shows a message at once and queues it; returns its temporary msgId. */
export function enqueue(draft: Draft): string {
  if (!bound) throw new Error('The outbox is not bound to a session');
  const msgId = newMsgId();
  const entry: Pending = {
    msgId,
    owner: bound.me,
    toUserId: draft.toUserId,
    ...(draft.groupId ? { groupId: draft.groupId, mentions: draft.mentions } : {}),
    msgType: draft.msgType,
    text: draft.text ?? '',
    replyTo: draft.replyTo ?? null,
    mediaUrl: draft.mediaUrl,
    paymentReference: draft.paymentReference,
    amount: draft.amount,
    blob: draft.blob,
    blobName: draft.blobName,
    order: nextOrder(),
    createdAt: new Date().toISOString(),
    state: 'queued',
    localUrl: draft.blob ? URL.createObjectURL(draft.blob) : undefined,
  };
  useOutbox.setState((s) => ({ items: { ...s.items, [msgId]: entry } }));
  void save(entry).then(() => pump());
  return msgId;
}

/** Sends a refused message again (same msgId). */
export function retry(msgId: string): void {
  const p = useOutbox.getState().items[msgId];
  if (!p) return;
  const next: Pending = { ...p, state: 'queued', error: undefined };
  patch(msgId, { state: 'queued', error: undefined });
  void save(next).then(() => pump());
}

/** Gives up on a message that was not sent. */
export function discard(msgId: string): void {
  drop(msgId);
  void chatStore()
    .deleteOutbox(msgId)
    .catch(() => undefined);
}

/** Forgets the queue (sign-out). */
export function resetOutbox(): void {
  for (const p of Object.values(useOutbox.getState().items)) if (p.localUrl) URL.revokeObjectURL(p.localUrl);
  useOutbox.setState({ items: {} });
  bound = null;
  // A send in flight belongs to the old session: its loop ends at its next step.
  generation++;
  running = null;
}

const bodyOf = (p: Pending): SendMessageBody => ({
  msgId: p.msgId,
  toUserId: p.toUserId,
  msgType: p.msgType,
  msgBody: {
    text: p.text,
    ...(p.replyTo ? { replyTo: p.replyTo.id } : {}),
    ...(p.mediaUrl ? { mediaUrl: p.mediaUrl } : {}),
    ...(p.paymentReference ? { paymentReference: p.paymentReference } : {}),
  },
});

/** A message to a person goes as `message:send`; one to a group as `group:send` (with its mentions). */
const sendOf = (p: Pending) => {
  if (!p.groupId) return ask('message:send', bodyOf(p));
  const { toUserId: _to, ...rest } = bodyOf(p);
  return ask('group:send', { ...rest, groupId: p.groupId, ...(p.mentions?.length ? { mentions: p.mentions } : {}) });
};

const nextUp = (me: string) =>
  Object.values(useOutbox.getState().items)
    .filter((p) => p.owner === me && p.state !== 'failed')
    .sort((a, b) => a.order - b.order)[0];

let running: Promise<void> | null = null;
let generation = 0;

/**
 * Sends the queue, oldest first, one message at a time; stops when the connection is down (the
 * socket's `connect` starts it again). Only one runs at a time.
 */
export function pump(): Promise<void> {
  if (running) return running;
  const p = run(generation).finally(() => {
    if (running === p) running = null;
  });
  running = p;
  return p;
}

async function run(gen: number): Promise<void> {
  for (;;) {
    const b = bound;
    if (gen !== generation || !b || !getSocket()?.connected) return;
    const p = nextUp(b.me);
    if (!p) return;
    if (p.blob && !p.mediaUrl) {
      patch(p.msgId, { state: 'uploading', progress: 0 });
      try {
        const up = await uploadFile(p.blob, { name: p.blobName, onProgress: (f) => patch(p.msgId, { progress: f }) }).promise;
        const cur = useOutbox.getState().items[p.msgId];
        if (!cur) continue; // discarded meanwhile
        const next: Pending = { ...cur, mediaUrl: up.url, blob: undefined, state: 'queued' };
        useOutbox.setState((s) => ({ items: { ...s.items, [p.msgId]: next } }));
        await save(next);
      } catch (err) {
        if (err instanceof ApiError && (err.code === NETWORK_ERROR_CODE || err.status === 0)) {
          patch(p.msgId, { state: 'queued' });
          return; // the connection dropped: try again when it is back
        }
        await fail(p, errorMessage(err, FALLBACK_ERROR));
        continue;
      }
      continue;
    }
    patch(p.msgId, { state: 'sending' });
    try {
      const message = await sendOf(p);
      applyAnyMessage(b.qc, b.me, message);
      drop(p.msgId);
      await chatStore()
        .deleteOutbox(p.msgId)
        .catch(() => undefined);
    } catch (err) {
      if (isTransient(err)) {
        patch(p.msgId, { state: 'queued' });
        if (err instanceof ApiError && err.code === NOT_CONNECTED) return;
        continue; // no answer in time: the same msgId again
      }
      await fail(p, errorMessage(err, FALLBACK_ERROR));
    }
  }
}

async function fail(p: Pending, error: string) {
  const cur = useOutbox.getState().items[p.msgId];
  if (!cur) return;
  const next: Pending = { ...cur, state: 'failed', error };
  useOutbox.setState((s) => ({ items: { ...s.items, [p.msgId]: next } }));
  await save(next);
}
