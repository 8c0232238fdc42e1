import multipart from '@fastify/multipart';
import type { UploadedFile } from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceOptions } from '../../platform/app.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { ok } from '../../platform/http.js';
import { route, userIdOf } from '../../platform/route.js';
import { PRIVATE_PREFIX, type BlobStorage } from '../../platform/storage.js';
import { checkMedia, contentTypeOf, imageTypeOf, storeImage, storeMedia, storePrivateImage } from './upload.service.js';
import { parseRange } from './range.js';

/** Where the images go: local disk under DATA_DIR, or S3-compatible storage when S3_BUCKET is set. */
export type UploadProviders = { storage: BlobStorage };

export const uploadRoutes: FastifyPluginAsync<ServiceOptions<UploadProviders>> = async (fastify, { providers: { storage } }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.upload;
  const { maxBytes, maxFiles } = limits;
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  // The parser stops at the largest file of any kind; each kind's own limit is checked once read.
  const largest = Math.max(maxBytes, limits.videoMaxBytes, limits.audioMaxBytes);
  const largestMb = Math.round((largest / 1024 / 1024) * 10) / 10;
  await app.register(multipart, { limits: { fileSize: largest, files: maxFiles, fields: 5, parts: maxFiles + 5 } });
  const imageTooLarge = () => badRequest(`Each image must be at most ${mb} MB`, 'UPLOAD_TOO_LARGE');

  /** Reads a part fully, turning the size and count limits into clear 400s. */
  const read = async (part: { toBuffer(): Promise<Buffer>; filename: string }) => {
    try {
      return await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw badRequest(`Files can be at most ${largestMb} MB`, 'UPLOAD_TOO_LARGE');
      throw err;
    }
  };
  const notMultipart = () => badRequest('Send the image as multipart/form-data in the field "file"', 'UPLOAD_MISSING');
  const wrap = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw notMultipart();
      if (code === 'FST_FILES_LIMIT') throw badRequest(`Upload at most ${maxFiles} images at once`, 'UPLOAD_TOO_MANY');
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`Files can be at most ${largestMb} MB`, 'UPLOAD_TOO_LARGE');
      throw err;
    }
  };

  route(app, 'upload.single', { guard: 'bearer' }, async (req, reply) =>
    wrap(async () => {
      if (!req.isMultipart()) throw notMultipart();
      // The whole body is parsed before anything is stored: a body cut short or with a closing
      // boundary that does not match fails here (a 400, see http.ts), even after a complete first file.
      let first: { data: Buffer; name: string; type: string } | null = null;
      let poster: { data: Buffer; name: string } | null = null;
      for await (const part of req.files()) {
        const data = await read(part);
        if (part.fieldname === 'poster') poster ??= { data, name: part.filename || 'poster' };
        else first ??= { data, name: part.filename || 'file', type: part.mimetype };
      }
      if (!first) throw notMultipart();
      const userId = userIdOf(req);
      const media = first.type.startsWith('image/') ? null : checkMedia(first.data, first.name, limits);
      if (media) return reply.status(201).send(ok(await storeMedia(app.db, storage, userId, first.data, media, poster), 'Uploaded'));
      if (first.data.length > maxBytes) {
        await imageTypeOf(first.data, first.name);
        throw imageTooLarge();
      }
      if (!first.type.startsWith('image/')) await imageOrAnyType(first.data, first.name);
      const file = await storeImage(app.db, storage, userId, first.data, first.name);
      return reply.status(201).send(ok(file, 'Uploaded'));
    }),
  );

  route(app, 'upload.multiple', { guard: 'bearer' }, async (req, reply) =>
    wrap(async () => {
      if (!req.isMultipart()) throw notMultipart();
      const buffers: { data: Buffer; name: string }[] = [];
      for await (const part of req.files()) buffers.push({ data: await read(part), name: part.filename || `file ${buffers.length + 1}` });
      if (buffers.length === 0) throw badRequest('Attach at least one image in the field "files"', 'UPLOAD_MISSING');
      // Check every file before storing any, so a bad one leaves nothing behind.
      for (const b of buffers) {
        await imageTypeOf(b.data, b.name);
        if (b.data.length > maxBytes) throw imageTooLarge();
      }
      const files: UploadedFile[] = [];
      for (const b of buffers) files.push(await storeImage(app.db, storage, userIdOf(req), b.data, b.name));
      return reply.status(201).send(ok(files, `Uploaded ${files.length} ${files.length === 1 ? 'image' : 'images'}`));
    }),
  );

  route(app, 'upload.document', { guard: 'bearer' }, async (req, reply) =>
    wrap(async () => {
      if (!req.isMultipart()) throw notMultipart();
      let first: { data: Buffer; name: string } | null = null;
      for await (const part of req.files()) {
        const data = await read(part);
        first ??= { data, name: part.filename || 'document' };
      }
      if (!first) throw notMultipart();
      // As upload.single: a file too large is told its type problem first; storing checks the type.
      if (first.data.length > maxBytes) {
        await imageTypeOf(first.data, first.name);
        throw imageTooLarge();
      }
      return reply.status(201).send(ok(await storePrivateImage(app.db, storage, userIdOf(req), first.data, first.name), 'Uploaded'));
    }),
  );

  // Not in the API map: it answers the file's bytes (streamed, with byte ranges) to <img>, <video> and
  // <audio> tags, not a JSON envelope a response schema could describe, so it is registered here.
  app.get(
    '/files/*',
    {
      config: { unlisted: 'streams bytes with byte ranges' },
      schema: {
        tags: ['upload'],
        summary: 'An uploaded file, cached for a year; byte ranges (Range: bytes=...) answered with 206 for video and audio players',
        params: z.object({ '*': z.string() }),
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      // Private documents (KYC) are never served here: staff read them through their own call.
      if (key.startsWith(PRIVATE_PREFIX)) throw notFound('File not found', 'FILE_NOT_FOUND');
      const size = await storage.size(key);
      if (size === null) throw notFound('File not found', 'FILE_NOT_FOUND');
      const range = parseRange(req.headers.range, size);
      reply
        .header('content-type', contentTypeOf(key))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send();
      const found = await storage.get(key, range ?? undefined);
      if (!found) throw notFound('File not found', 'FILE_NOT_FOUND');
      if (!range) return reply.header('content-length', size).send(found.stream);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(found.stream);
    },
  );
};

/** For a file sent without an image type: the general message when it is no image either. */
async function imageOrAnyType(data: Buffer, name: string) {
  try {
    await imageTypeOf(data, name);
  } catch {
    throw badRequest(
      `${name}: only images (JPEG, PNG or WebP), MP4 or WebM videos and voice notes (WebM, Ogg or M4A) can be uploaded`,
      'UPLOAD_TYPE',
    );
  }
}
