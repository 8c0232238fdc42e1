import { and, eq, or } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { UploadedFile } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import type { BlobStorage } from '../../platform/storage.js';
import { uploads } from './tables.js';

export const IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type ImageType = keyof typeof IMAGE_TYPES;
export const MAX_SIDE = 1600;
export const THUMB_WIDTH = 320;

const encode = (img: Sharp, mime: ImageType) =>
  mime === 'image/jpeg'
    ? img.jpeg({ quality: 82, mozjpeg: true })
    : mime === 'image/png'
      ? img.png({ compressionLevel: 9 })
      : img.webp({ quality: 80 });

/** The image type read from the bytes themselves; anything but JPEG, PNG or WebP is a 400. */
export async function imageTypeOf(input: Buffer, name: string): Promise<ImageType> {
  const kind = await fileTypeFromBuffer(input);
  if (!kind || !(kind.mime in IMAGE_TYPES)) {
    throw badRequest(`${name}: only JPEG, PNG or WebP images can be uploaded`, 'UPLOAD_TYPE');
  }
  return kind.mime as ImageType;
}

/**
 * Checks the bytes (not the name) are a JPEG, PNG or WebP image, re-encodes it without metadata
 * (EXIF, GPS), bounded to 1600px, with a 320px thumbnail, and stores both.
 */
export async function storeImage(db: Db, storage: BlobStorage, ownerId: string, input: Buffer, name = 'file'): Promise<UploadedFile> {
  const mime = await imageTypeOf(input, name);
  let main: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    const base = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    main = await encode(base.clone().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true }), mime).toBuffer(
      { resolveWithObject: true },
    );
    thumb = await encode(base.clone().resize({ width: THUMB_WIDTH, withoutEnlargement: true }), mime).toBuffer();
  } catch {
    throw badRequest(`${name}: this image could not be read`, 'UPLOAD_CORRUPT');
  }
  const id = newId();
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
  const ext = IMAGE_TYPES[mime];
  const key = `${day}/${id}.${ext}`;
  const thumbnailKey = `${day}/${id}-${THUMB_WIDTH}.${ext}`;
  await storage.put(key, main.data, mime);
  await storage.put(thumbnailKey, thumb, mime);
  const file: UploadedFile = {
    url: storage.publicUrl(key),
    thumbnailUrl: storage.publicUrl(thumbnailKey),
    mimeType: mime,
    width: main.info.width,
    height: main.info.height,
    size: main.data.length,
  };
  await db.insert(uploads).values({
    id,
    ownerId,
    key,
    thumbnailKey,
    mimeType: mime,
    size: file.size,
    width: file.width,
    height: file.height,
    url: file.url,
    thumbnailUrl: file.thumbnailUrl,
  });
  return file;
}

/** True when `url` is an image this user uploaded (either size). */
export async function ownsUpload(db: Db, ownerId: string, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), or(eq(uploads.url, url), eq(uploads.thumbnailUrl, url))))
    .limit(1);
  return Boolean(row);
}

export const contentTypeOf = (key: string): string =>
  key.endsWith('.png')
    ? 'image/png'
    : key.endsWith('.webp')
      ? 'image/webp'
      : key.endsWith('.jpg')
        ? 'image/jpeg'
        : 'application/octet-stream';
