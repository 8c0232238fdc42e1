import { existsSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fragmentedMp4, mp4, oggOpus, webm } from '../../test/media-fixtures.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { removeUploads, uploadsOf } from './index.js';
import { uploads } from './tables.js';

let t: TestContext;
let u: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    env: { UPLOAD_VIDEO_MAX_BYTES: String(64 * 1024), UPLOAD_VIDEO_MAX_SECONDS: '30', UPLOAD_AUDIO_MAX_SECONDS: '120' },
  });
  [u, other] = await Promise.all([newUser(t.app), newUser(t.app)]);
});
afterAll(() => t.close());

const BOUNDARY = '----owo-media';
type Part = { field: string; name: string; type: string; data: Buffer };
const body = (parts: Part[]) =>
  Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
const upload = (parts: Part[], who: TestUser = u) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload/api/upload/single',
    headers: { ...auth(who), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body(parts),
  });
const poster = () =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: '#225577' } })
    .jpeg()
    .toBuffer();
const stored = async () => (await t.db.select({ n: count() }).from(uploads))[0]!.n;
type File = { url: string; thumbnailUrl: string | null; kind: string; mimeType: string; durationMs: number; width: number; height: number };
const fileOnDisk = (url: string) => path.join(t.dataDir, 'uploads', url.replace('/api/upload/files/', ''));

describe('videos', () => {
  it('stores an MP4 as it came, with its poster resized as the thumbnail', async () => {
    const video = mp4(12, { width: 1280, height: 720 });
    const res = await upload([
      { field: 'file', name: 'clip.mp4', type: 'video/mp4', data: video },
      { field: 'poster', name: 'poster.jpg', type: 'image/jpeg', data: await poster() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const file = json(res).data as File;
    expect(file).toMatchObject({ kind: 'video', mimeType: 'video/mp4', durationMs: 12_000, width: 1280, height: 720 });
    const got = await t.app.inject({ method: 'GET', url: file.url });
    expect(got.headers['content-type']).toBe('video/mp4');
    expect(got.rawPayload.equals(video)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: file.thumbnailUrl! });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(640);
  });

  it('takes a WebM, also one written by a recorder (no duration in its header), and a fragmented MP4', async () => {
    for (const [data, ms] of [
      [webm(6), 6000],
      [webm(9, { recorder: true }), 9000],
      [fragmentedMp4(4), 4000],
    ] as const) {
      const res = await upload([
        { field: 'file', name: 'clip', type: 'application/octet-stream', data },
        { field: 'poster', name: 'p.jpg', type: 'image/jpeg', data: await poster() },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).data).toMatchObject({ kind: 'video', durationMs: ms });
    }
  });

  it('refuses a video that is too long, too big, without a poster, cut short, or not a video, and stores nothing', async () => {
    const before = await stored();
    const cases: [Part[], string][] = [
      [[{ field: 'file', name: 'long.mp4', type: 'video/mp4', data: mp4(31) }], 'Videos can be at most 30 seconds long'],
      [
        [{ field: 'file', name: 'big.webm', type: 'video/webm', data: Buffer.concat([webm(5), Buffer.alloc(70 * 1024)]) }],
        'Videos can be at most 0.1 MB',
      ],
      [[{ field: 'file', name: 'clip.mp4', type: 'video/mp4', data: mp4(5) }], 'Attach a poster image for the video in the field "poster"'],
      [
        [{ field: 'file', name: 'cut.mp4', type: 'video/mp4', data: mp4(5).subarray(0, 300) }],
        'cut.mp4: this file is incomplete or damaged',
      ],
      [
        [{ field: 'file', name: 'notes.mp4', type: 'video/mp4', data: Buffer.from('not a video, only words') }],
        'notes.mp4: only images (JPEG, PNG or WebP), MP4 or WebM videos and voice notes (WebM, Ogg or M4A) can be uploaded',
      ],
    ];
    for (const [parts, message] of cases) {
      const withPoster = message.startsWith('Attach')
        ? parts
        : [...parts, { field: 'poster', name: 'p.jpg', type: 'image/jpeg', data: await poster() }];
      const res = await upload(withPoster);
      expect(res.statusCode, message).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect(await stored()).toBe(before);
  });
});

describe('voice notes', () => {
  it('stores audio-only WebM, Ogg and M4A as audio, with no thumbnail', async () => {
    for (const [data, mime] of [
      [webm(3, { recorder: true, video: false }), 'audio/webm'],
      [oggOpus(5), 'audio/ogg'],
      [mp4(4, { video: false }), 'audio/mp4'],
    ] as const) {
      const res = await upload([{ field: 'file', name: 'voice', type: 'audio/webm', data }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).data).toMatchObject({ kind: 'audio', mimeType: mime, thumbnailUrl: null, width: null, height: null });
    }
  });

  it('refuses a voice note over its length', async () => {
    const res = await upload([{ field: 'file', name: 'voice.ogg', type: 'audio/ogg', data: oggOpus(121) }]);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Voice notes can be at most 2 minutes long');
  });
});

describe('byte ranges and what other services use', () => {
  it('answers ranges with 206 and unsatisfiable ones with 416', async () => {
    const res = await upload([{ field: 'file', name: 'v.ogg', type: 'audio/ogg', data: oggOpus(2) }]);
    const file = json(res).data as File;
    const whole = await t.app.inject({ method: 'GET', url: file.url });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    const part = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 5))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: file.url, headers: { range: `bytes=${size + 10}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
  });

  const myVideo = async () =>
    json(
      await upload([
        { field: 'file', name: 'c.webm', type: 'video/webm', data: webm(2) },
        { field: 'poster', name: 'p.jpg', type: 'image/jpeg', data: await poster() },
      ]),
    ).data as File;

  it("uploadsOf finds only the owner's uploads", async () => {
    const mine = await myVideo();
    const theirs = json(await upload([{ field: 'file', name: 'v.ogg', type: 'audio/ogg', data: oggOpus(1) }], other)).data as File;
    const found = await uploadsOf(t.db, u.id, [mine.url, theirs.url, mine.thumbnailUrl!]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ url: mine.url, kind: 'video', durationMs: 2000 });
  });

  it('removeUploads deletes the files, their thumbnails and their rows', async () => {
    const mine = await myVideo();
    expect(existsSync(fileOnDisk(mine.url))).toBe(true);
    expect(await removeUploads(t.db, t.providers.storage, [mine.url])).toBe(1);
    expect(existsSync(fileOnDisk(mine.url))).toBe(false);
    expect(existsSync(fileOnDisk(mine.thumbnailUrl!))).toBe(false);
    expect(await uploadsOf(t.db, u.id, [mine.url])).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: mine.url })).statusCode).toBe(404);
  });
});
