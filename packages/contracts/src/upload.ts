import { z } from 'zod';
import { envelope } from './common.js';

export const uploadedFile = z.object({
  url: z.string().describe('the stored image, resized to fit within 1600x1600'),
  thumbnailUrl: z.string().describe('a 320px-wide copy for lists and avatars'),
  mimeType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int().describe('bytes of the stored image'),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const uploadSingleResponse = envelope(uploadedFile);
export const uploadMultipleResponse = envelope(z.array(uploadedFile));
