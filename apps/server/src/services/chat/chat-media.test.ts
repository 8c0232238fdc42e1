import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@owo/contracts';
import { auth, json, type TestUser } from '../../test/harness.js';
import { chatTestApp } from './chat-fixtures.js';

const chat = chatTestApp();
const { person, rest } = chat;

/** A photo `u` uploaded: its address. */
async function uploadedPhoto(u: TestUser): Promise<string> {
  const BOUNDARY = '----owo-chat';
  const sharp = (await import('sharp')).default;
  const img = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const up = await chat.t.app.inject({
    method: 'POST',
    url: '/api/upload/api/upload/single',
    headers: { ...auth(u), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      img,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  });
  return (json(up).data as { url: string }).url;
}

/** A sent B a photo A uploaded (the send must succeed). */
async function photoSent() {
  const [a, b] = [await person(), await person()];
  const url = await uploadedPhoto(a);
  const sent = await rest(a, 'POST', '/messages', { msgId: 'img-1', toUserId: b.id, msgType: 'image', msgBody: { mediaUrl: url } });
  expect(sent.statusCode).toBe(201);
  return { a, b, url, msg: json(sent).data as ChatMessage };
}

describe('photos in a chat', () => {
  it('sends a photo its sender uploaded, with its address', async () => {
    const { url, msg } = await photoSent();
    expect(msg.msgBody.media).toMatchObject({ url });
  });

  it('refuses a photo someone else uploaded', async () => {
    const { a, b, url } = await photoSent();
    expect(
      (await rest(b, 'POST', '/messages', { msgId: 'img-2', toUserId: a.id, msgType: 'image', msgBody: { mediaUrl: url } })).statusCode,
    ).toBe(400);
  });
});

describe('saved media', () => {
  it('saves a photo from a chat to the saved media of the one who saved it only', async () => {
    const { a, b, url, msg } = await photoSent();
    expect(json(await rest(b, 'POST', '/saved-media', { messageId: msg.id })).data).toMatchObject({
      msgId: 'img-1',
      blobUrl: url,
      msgType: 'image',
      withUserId: a.id,
      status: 'saved',
    });
    expect(((await rest(b, 'GET', '/saved-media')).json() as { data: unknown[] }).data).toHaveLength(1);
    expect(((await rest(a, 'GET', '/saved-media')).json() as { data: unknown[] }).data).toHaveLength(0);
  });

  it('refuses to save a message of someone else’s chat (404)', async () => {
    const { msg } = await photoSent();
    const c = await person();
    expect((await rest(c, 'POST', '/saved-media', { messageId: msg.id })).statusCode).toBe(404);
  });
});

describe('ICE servers', () => {
  it('answers the servers for a call with how long their credentials last', async () => {
    const a = await person();
    const ice = json(await rest(a, 'GET', '/ice-servers')).data as { ttlSeconds: number };
    expect(ice.ttlSeconds).toBe(3600);
  });
});
