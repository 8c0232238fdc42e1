import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { auth, json } from './harness.js';

const BOUNDARY = '----owo-test-upload';

/** Uploads a small PNG of one colour as `u` through the upload service; its URLs. */
export async function uploadPng(
  app: FastifyInstance,
  u: { token: string },
  colour = '#0b6e4f',
): Promise<{ url: string; thumbnailUrl: string }> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload/api/upload/single',
    headers: { ...auth(u), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { url: string; thumbnailUrl: string };
}
