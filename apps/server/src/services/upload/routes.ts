import multipart from '@fastify/multipart';
import { uploadMultipleResponse, uploadSingleResponse, type UploadedFile } from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceOptions } from '../../platform/app.js';
import { authOf } from '../../platform/auth.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { bearer, bearerDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import type { BlobStorage } from '../../platform/storage.js';
import { contentTypeOf, imageTypeOf, storeImage } from './upload.service.js';

const tags = ['upload'];

/** Where the images go: local disk under DATA_DIR, or S3-compatible storage when S3_BUCKET is set. */
export type UploadProviders = { storage: BlobStorage };

export const uploadRoutes: FastifyPluginAsync<ServiceOptions<UploadProviders>> = async (fastify, { providers: { storage } }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { maxBytes, maxFiles } = app.config.upload;
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: maxFiles, fields: 5, parts: maxFiles + 5 } });

  /** Reads a part fully, turning the size and count limits into clear 400s. */
  const read = async (part: { toBuffer(): Promise<Buffer>; filename: string }) => {
    try {
      return await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw badRequest(`Each image must be at most ${mb} MB`, 'UPLOAD_TOO_LARGE');
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
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`Each image must be at most ${mb} MB`, 'UPLOAD_TOO_LARGE');
      throw err;
    }
  };

  app.post(
    '/api/upload/single',
    {
      ...bearer,
      schema: {
        tags,
        summary: `Upload one image (JPEG, PNG or WebP, at most ${mb} MB) as multipart field "file"; stored without metadata, resized, with a thumbnail`,
        consumes: ['multipart/form-data'],
        ...bearerDoc,
        response: { 201: uploadSingleResponse, ...errorResponses },
      },
    },
    async (req, reply) =>
      wrap(async () => {
        if (!req.isMultipart()) throw notMultipart();
        // The whole body is parsed before anything is stored: a body cut short or with a closing
        // boundary that does not match fails here (a 400, see http.ts), even after a complete first file.
        let first: { data: Buffer; name: string } | null = null;
        for await (const part of req.files()) {
          const data = await read(part);
          first ??= { data, name: part.filename || 'file' };
        }
        if (!first) throw notMultipart();
        const file = await storeImage(app.db, storage, authOf(req).userId, first.data, first.name);
        return reply.status(201).send(ok(file, 'Uploaded'));
      }),
  );

  app.post(
    '/api/upload/multiple',
    {
      ...bearer,
      schema: {
        tags,
        summary: `Upload up to ${maxFiles} images as multipart fields "files"`,
        consumes: ['multipart/form-data'],
        ...bearerDoc,
        response: { 201: uploadMultipleResponse, ...errorResponses },
      },
    },
    async (req, reply) =>
      wrap(async () => {
        if (!req.isMultipart()) throw notMultipart();
        const buffers: { data: Buffer; name: string }[] = [];
        for await (const part of req.files()) buffers.push({ data: await read(part), name: part.filename || `file ${buffers.length + 1}` });
        if (buffers.length === 0) throw badRequest('Attach at least one image in the field "files"', 'UPLOAD_MISSING');
        // Check every file before storing any, so a bad one leaves nothing behind.
        for (const b of buffers) await imageTypeOf(b.data, b.name);
        const files: UploadedFile[] = [];
        for (const b of buffers) files.push(await storeImage(app.db, storage, authOf(req).userId, b.data, b.name));
        return reply.status(201).send(ok(files, `Uploaded ${files.length} ${files.length === 1 ? 'image' : 'images'}`));
      }),
  );

  app.get(
    '/files/*',
    {
      schema: { tags, summary: 'An uploaded image, cached for a year', params: z.object({ '*': z.string() }) },
    },
    async (req, reply) => {
      const key = req.params['*'];
      const found = await storage.get(key);
      if (!found) throw notFound('File not found', 'FILE_NOT_FOUND');
      return reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', found.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(found.stream);
    },
  );
};
