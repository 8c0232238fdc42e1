import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@owo/contracts';
import { auth, json } from '../../test/harness.js';
import { chatTestApp } from './chat-fixtures.js';

const chat = chatTestApp();
const { person, rest } = chat;

describe('saved media and the rest', () => {
  it('saves a photo from a chat; someone else’s message cannot be saved', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const BOUNDARY = '----owo-chat';
    const sharp = (await import('sharp')).default;
    const img = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0b6e4f' } })
      .png()
      .toBuffer();
    const up = await chat.t.app.inject({
      method: 'POST',
      url: '/api/upload/api/upload/single',
      headers: { ...auth(a), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
        img,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });
    const url = (json(up).data as { url: string }).url;
    const sent = await rest(a, 'POST', '/messages', { msgId: 'img-1', toUserId: b.id, msgType: 'image', msgBody: { mediaUrl: url } });
    expect(sent.statusCode).toBe(201);
    const msg = json(sent).data as ChatMessage;
    expect(msg.msgBody.media).toMatchObject({ url });
    expect(
      (await rest(b, 'POST', '/messages', { msgId: 'img-2', toUserId: a.id, msgType: 'image', msgBody: { mediaUrl: url } })).statusCode,
    ).toBe(400);
    expect(json(await rest(b, 'POST', '/saved-media', { messageId: msg.id })).data).toMatchObject({
      msgId: 'img-1',
      blobUrl: url,
      msgType: 'image',
      withUserId: a.id,
      status: 'saved',
    });
    expect(((await rest(b, 'GET', '/saved-media')).json() as { data: unknown[] }).data).toHaveLength(1);
    expect(((await rest(a, 'GET', '/saved-media')).json() as { data: unknown[] }).data).toHaveLength(0);
    expect((await rest(c, 'POST', '/saved-media', { messageId: msg.id })).statusCode).toBe(404);
    const ice = json(await rest(a, 'GET', '/ice-servers')).data as { ttlSeconds: number };
    expect(ice.ttlSeconds).toBe(3600);
  });
});
