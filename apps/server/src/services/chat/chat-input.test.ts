import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';

import { chatTestApp, text } from './chat-fixtures.js';

// The app's log lines (warnings and errors), to see that refused input logs no error.
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});
const chat = chatTestApp({ env: { LOG_LEVEL: 'warn' }, logStream });
const { person, rest } = chat;

describe('the socket’s input rules', () => {
  const NOT_ALLOWED = 'contains a character that is not allowed';
  const count = async (table: 'chat_messages' | 'chat_conversations' | 'chat_calls') =>
    (await executeRows<{ n: number }>(chat.t.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

  it('refuses a NUL or a lone surrogate in any event as REST does: 400 INVALID_CHARACTERS, the same words, nothing written, no error logged', async () => {
    const [a, b] = [await person(), await person()];
    const sa = await chat.sockets.connect(a.token);
    const before = { m: await count('chat_messages'), c: await count('chat_conversations'), k: await count('chat_calls') };
    const errorsBefore = logLines.filter((l) => /"level":(50|60)/.test(l)).length;

    // The same text over REST: the answer the socket must match.
    const restNul = await rest(a, 'POST', '/messages', text(b, 'hi\u0000there'));
    expect(restNul.statusCode).toBe(400);
    const restReply = restNul.json() as { code: string; message: string };
    expect(restReply).toMatchObject({ code: 'INVALID_CHARACTERS', message: `msgBody.text ${NOT_ALLOWED}` });

    expect(await chat.sockets.emit(sa, 'message:send', text(b, 'hi\u0000there'))).toEqual({
      status: false,
      code: 'INVALID_CHARACTERS',
      message: restReply.message,
    });
    expect(await chat.sockets.emit(sa, 'message:send', text(b, 'lone \ud83d surrogate'))).toEqual({
      status: false,
      code: 'INVALID_CHARACTERS',
      message: `msgBody.text ${NOT_ALLOWED}`,
    });
    // Nested deeper, in a field the schema does not even know, and in the temporary id.
    expect(
      await chat.sockets.emit(sa, 'message:send', { ...text(b, 'ok'), msgBody: { text: 'ok', extra: { deep: ['x', 'a\udc00'] } } }),
    ).toEqual({
      status: false,
      code: 'INVALID_CHARACTERS',
      message: `msgBody.extra.deep.1 ${NOT_ALLOWED}`,
    });
    expect(await chat.sockets.emit(sa, 'message:send', text(b, 'ok', 'id\u0000x'))).toMatchObject({
      code: 'INVALID_CHARACTERS',
      message: `msgId ${NOT_ALLOWED}`,
    });
    // Other events: a call's signalling (nested in its data) and a call start.
    expect(
      await chat.sockets.emit(sa, 'call:signal', {
        callId: '0198a7b2-0000-7000-8000-000000000000',
        data: { type: 'offer', sdp: 'v=0\u0000' },
      }),
    ).toEqual({ status: false, code: 'INVALID_CHARACTERS', message: `data.sdp ${NOT_ALLOWED}` });
    expect(await chat.sockets.emit(sa, 'call:start', { toUserId: b.id, kind: 'voice', note: '\ud800' })).toMatchObject({
      status: false,
      code: 'INVALID_CHARACTERS',
    });
    expect(await chat.sockets.emit(sa, 'typing', { toUserId: b.id, typing: true, ['k\u0000']: 1 })).toMatchObject({
      code: 'INVALID_CHARACTERS',
    });

    expect({ m: await count('chat_messages'), c: await count('chat_conversations'), k: await count('chat_calls') }).toEqual(before);
    expect(logLines.filter((l) => /"level":(50|60)/.test(l)).length).toBe(errorsBefore);
    // The socket still works afterwards.
    expect((await chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, 'clean'))).msgBody.text).toBe('clean');
  });
});
