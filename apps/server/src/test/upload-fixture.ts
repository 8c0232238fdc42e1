import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { auth, json } from './harness.js';

const BOUNDARY = '----owo-test-upload';

/** Posts a small PNG of one colour as `u` to an upload call; its data. */
async function postPng(app: FastifyInstance, u: { token: string }, url: string, colour: string): Promise<unknown> {
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
    url,
    headers: { ...auth(u), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data;
}

/** Uploads a small PNG of one colour as `u` through the upload service; its URLs. */
export const uploadPng = (app: FastifyInstance, u: { token: string }, colour = '#0b6e4f') =>
  postPng(app, u, '/api/upload/api/upload/single', colour) as Promise<{ url: string; thumbnailUrl: string }>;

/** Uploads a small PNG as `u`'s private document (a KYC photo); its id. */
export const uploadDocument = async (app: FastifyInstance, u: { token: string }, colour = '#1d4ed8') =>
  ((await postPng(app, u, '/api/upload/api/upload/document', colour)) as { id: string }).id;

/** Uploads `u`'s ID and proof of address (two private documents): the body of a Tier 3 request. */
export const tier3Body = async (app: FastifyInstance, u: { token: string }) => ({
  idType: 'passport' as 'passport' | 'drivers_licence',
  idDocumentId: await uploadDocument(app, u, '#1d4ed8'),
  proofOfAddressId: await uploadDocument(app, u, '#b45309'),
});
