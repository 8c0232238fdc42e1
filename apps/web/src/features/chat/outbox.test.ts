import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, SendMessageBody } from '../../api/chat';
import { chatStore, memoryStore, setChatStore } from './db';
import { fakeSocket } from './fake-socket';
import { bindOutbox, enqueue, loadOutbox, pump, resetOutbox, useOutbox } from './outbox';
import { ADA_ID, ME, message } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const texts = () => fakeSocket.sends().map((s) => (s.payload as SendMessageBody).msgBody.text);
const flush = () => new Promise((r) => setTimeout(r, 0));
const stored = (body: SendMessageBody, seq: number): ChatMessage =>
  message({
    seq,
    msgId: body.msgId,
    fromUserId: ME,
    toUserId: ADA_ID,
    msgBody: { text: body.msgBody.text ?? '', replyTo: null, media: null, payment: null },
  });

/** Answers the latest send as the server would, then lets the queue move on. */
async function ackLast(seq: number) {
  const last = fakeSocket.sends().at(-1)!;
  last.ack({ status: true, data: stored(last.payload as SendMessageBody, seq) });
  await flush();
  await flush();
}

beforeEach(() => {
  setChatStore(memoryStore());
  fakeSocket.reset();
  resetOutbox();
  bindOutbox(new QueryClient(), ME);
});
afterEach(() => resetOutbox());

describe('the offline queue', () => {
  it('keeps messages written offline, in order, and sends them one at a time when the connection returns', async () => {
    fakeSocket.setConnected(false);
    const ids = ['one', 'two', 'three'].map((text) => enqueue({ toUserId: ADA_ID, msgType: 'text', text }));
    await flush();
    expect(fakeSocket.sends()).toHaveLength(0);
    // Kept on the device, in the order they were written.
    expect((await chatStore().outbox(ME)).map((e) => e.text)).toEqual(['one', 'two', 'three']);
    expect(Object.values(useOutbox.getState().items).map((p) => p.state)).toEqual(['queued', 'queued', 'queued']);

    fakeSocket.setConnected(true);
    void pump();
    await flush();
    // One at a time: the next only after the previous one's acknowledgement.
    expect(texts()).toEqual(['one']);
    await ackLast(1);
    expect(texts()).toEqual(['one', 'two']);
    await ackLast(2);
    expect(texts()).toEqual(['one', 'two', 'three']);
    await ackLast(3);
    expect(fakeSocket.sends().map((s) => (s.payload as SendMessageBody).msgId)).toEqual(ids);
    expect(await chatStore().outbox(ME)).toEqual([]);
    expect(useOutbox.getState().items).toEqual({});
  });

  it('survives a reload: the saved queue comes back in order and is sent', async () => {
    fakeSocket.setConnected(false);
    enqueue({ toUserId: ADA_ID, msgType: 'text', text: 'first' });
    enqueue({ toUserId: ADA_ID, msgType: 'text', text: 'second' });
    await flush();
    // The page is reloaded: nothing in memory, the device's copy remains.
    resetOutbox();
    bindOutbox(new QueryClient(), ME);
    fakeSocket.setConnected(true);
    await loadOutbox();
    await flush();
    expect(texts()).toEqual(['first']);
    await ackLast(1);
    expect(texts()).toEqual(['first', 'second']);
  });

  it('stops when the connection drops mid-queue and goes on from the same message', async () => {
    enqueue({ toUserId: ADA_ID, msgType: 'text', text: 'a' });
    enqueue({ toUserId: ADA_ID, msgType: 'text', text: 'b' });
    await flush();
    expect(texts()).toEqual(['a']);
    await ackLast(1);
    expect(texts()).toEqual(['a', 'b']);
    // No answer, and the connection drops: 'b' waits, queued.
    fakeSocket.setConnected(false);
    await flush();
    expect(texts()).toEqual(['a', 'b']);
    expect(Object.values(useOutbox.getState().items).map((p) => [p.text, p.state])).toEqual([['b', 'queued']]);
    fakeSocket.setConnected(true);
    void pump();
    await flush();
    expect(texts()).toEqual(['a', 'b', 'b']);
    const [, b1, b2] = fakeSocket.sends();
    expect((b2!.payload as SendMessageBody).msgId).toBe((b1!.payload as SendMessageBody).msgId);
  });
});
