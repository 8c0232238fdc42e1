import { z } from 'zod';
import { envelope } from './common.js';

export const uploadedFile = z.object({
  url: z.string().describe('the stored file: an image resized to fit within 1600x1600, or a video or voice note as uploaded'),
  thumbnailUrl: z.string().nullable().describe("an image's 320px-wide copy, or a video's poster (640px wide); null for a voice note"),
  mimeType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm', 'audio/mp4', 'audio/webm', 'audio/ogg']),
  kind: z.enum(['image', 'video', 'audio']),
  width: z.number().int().nullable().describe('pixels; null for a voice note'),
  height: z.number().int().nullable(),
  size: z.number().int().describe('bytes of the stored file'),
  durationMs: z.number().int().nullable().describe('length of a video or voice note in milliseconds; null for an image'),
});
export type UploadedFile = z.infer<typeof uploadedFile>;
export type UploadKind = UploadedFile['kind'];

export const uploadSingleResponse = envelope(uploadedFile);
export const uploadMultipleResponse = envelope(z.array(uploadedFile));

/** A private document (a photo of an ID or a bill for KYC): kept apart and known by its id only, never by an address. */
export const privateDocument = z.object({
  id: z.uuid(),
  mimeType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int().describe('bytes of the stored image'),
});
export type PrivateDocument = z.infer<typeof privateDocument>;
export const privateDocumentResponse = envelope(privateDocument);
