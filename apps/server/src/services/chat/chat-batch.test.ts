import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, SendMessageBody } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';
import { json } from '../../test/harness.js';
import { chatTestApp, confirmPayment, startedPayment, text as textOf } from './chat-fixtures.js';
import { createSendBatcher, type SendBatcher } from './send-batch.js';

// The group commit (send-batch.ts): sends that arrive together are stored by one statement, each
// answered after that commit; a faulty send fails alone.

const chat = chatTestApp();
const sendVia = (b: SendBatcher, fromUserId: string, input: SendMessageBody) => b.send({ fromUserId, input });
const text = (...args: Parameters<typeof textOf>) => textOf(...args) as SendMessageBody;
const { person, rest } = chat;

const storedSeqs = async (convo: string) =>
  (
    await executeRows<{ seq: number; client_msg_id: string }>(
      chat.t.app.db,
      sql`SELECT seq, client_msg_id FROM chat_messages WHERE conversation_id = ${convo} ORDER BY seq`,
    )
  ).map((r) => r.seq);

describe('the group commit of message sends', () => {
  it('stores sends that arrive together in one statement, numbered without gaps in the order sent', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const batcher = createSendBatcher(chat.t.app.db);
    const sends = Array.from({ length: 20 }, (_, i) => sendVia(batcher, i % 2 ? a.id : c.id, text(b, `hello ${i}`, `b-${i}`)));
    const out = await Promise.all(sends);
    expect(batcher.stats).toMatchObject({ batches: 1, messages: 20, fallbacks: 0 });
    expect(out.every((o) => o.created)).toBe(true);
    const fromA = out.filter((o) => o.message.fromUserId === a.id).map((o) => o.message);
    expect(fromA.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(fromA.map((m) => m.msgBody.text)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19].map((i) => `hello ${i}`));
    expect(await storedSeqs(fromA[0]!.conversationId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('fails a send that breaks a rule alone, and stores the rest of its batch', async () => {
    const [a, b] = [await person(), await person()];
    const batcher = createSendBatcher(chat.t.app.db);
    const bad = text(b, 'a reply to nothing', 'bad-1', '0198a7b2-0000-7000-8000-000000000001');
    const results = await Promise.allSettled([
      sendVia(batcher, a.id, text(b, 'one', 'ok-1')),
      sendVia(batcher, a.id, bad),
      sendVia(batcher, a.id, text(b, 'two', 'ok-2')),
      sendVia(batcher, a.id, text(a, 'to myself', 'self-1')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'REPLY_NOT_FOUND' });
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ code: 'CHAT_SELF' });
    expect(batcher.stats).toMatchObject({ batches: 1, messages: 2 });
    const hist = json(await rest(b, 'GET', `/conversations/${a.id}/messages`)).data as { messages: ChatMessage[] };
    expect(hist.messages.map((m) => [m.seq, m.msgBody.text])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  it('stores a batch one by one when its statement fails, so only the payment shared twice is refused', async () => {
    const [a, b] = [await person(), await person()];
    const reference = await startedPayment(chat.t.app, a, b, 20_000);
    await confirmPayment(chat.t.app, a, reference);
    const pay = (msgId: string): SendMessageBody => ({
      msgId,
      toUserId: b.id,
      msgType: 'payment',
      msgBody: { paymentReference: reference },
    });
    const batcher = createSendBatcher(chat.t.app.db);
    const results = await Promise.allSettled([
      sendVia(batcher, a.id, text(b, 'before', 'pb-0')),
      sendVia(batcher, a.id, pay('pb-1')),
      sendVia(batcher, a.id, pay('pb-2')),
      sendVia(batcher, a.id, text(b, 'after', 'pb-3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'PAYMENT_ALREADY_SHARED' });
    expect(batcher.stats.fallbacks).toBe(1);
    const hist = json(await rest(b, 'GET', `/conversations/${a.id}/messages`)).data as { messages: ChatMessage[] };
    expect(hist.messages.map((m) => [m.seq, m.msgId])).toEqual([
      [1, 'pb-0'],
      [2, 'pb-1'],
      [3, 'pb-3'],
    ]);
  });

  it('stores a temporary id sent twice in one batch once, and answers both with it', async () => {
    const [a, b] = [await person(), await person()];
    const batcher = createSendBatcher(chat.t.app.db);
    const [one, two] = await Promise.all([
      sendVia(batcher, a.id, text(b, 'twice', 'dup-1')),
      sendVia(batcher, a.id, text(b, 'twice', 'dup-1')),
    ]);
    expect(one.message.id).toBe(two.message.id);
    expect([one.created, two.created].sort()).toEqual([false, true]);
    expect(await storedSeqs(one.message.conversationId)).toEqual([1]);
  });

  it('acknowledges socket sends sent at once after their commit, each delivered once', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await chat.sockets.connect(a.token), await chat.sockets.connect(b.token)];
    const onB = chat.sockets.collect<ChatMessage>(sb, 'message:new');
    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, `n${i}`, `s-${i}`))),
    );
    expect(acks.map((m) => m.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await storedSeqs(acks[0]!.conversationId)).toHaveLength(30);
    await new Promise((r) => setTimeout(r, 200));
    expect(new Set(onB.map((m) => m.id)).size).toBe(30);
    expect(onB).toHaveLength(30);
  });
});
