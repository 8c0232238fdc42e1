import { and, eq, inArray, or } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { PrivateDocument, UploadedFile } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { PRIVATE_PREFIX, type BlobStorage } from '../../platform/storage.js';
import { DamagedMediaError, probeMedia, type MediaProbe } from './media-probe.js';
import { uploads } from './tables.js';

export const IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type ImageType = keyof typeof IMAGE_TYPES;
export const MAX_SIDE = 1600;
export const THUMB_WIDTH = 320;
export const POSTER_WIDTH = 640;

/** The limits on videos and voice notes (UPLOAD_VIDEO_* and UPLOAD_AUDIO_* settings). */
export type MediaLimits = { videoMaxBytes: number; videoMaxSeconds: number; audioMaxBytes: number; audioMaxSeconds: number };

const MEDIA_TYPES = {
  video: { mp4: 'video/mp4', webm: 'video/webm' },
  audio: { mp4: 'audio/mp4', webm: 'audio/webm', ogg: 'audio/ogg' },
} as const;
const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/webm': 'weba',
  'audio/ogg': 'ogg',
};
const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const duration = (seconds: number) =>
  seconds % 60 === 0 && seconds >= 120 ? `${seconds / 60} minutes` : seconds === 60 ? '60 seconds' : `${seconds} seconds`;

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

/** An image re-encoded without metadata (EXIF, GPS), bounded to 1600px, and its 320px thumbnail when asked for. */
async function reencode(input: Buffer, name: string, mime: ImageType, withThumbnail: boolean) {
  try {
    const base = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    const main = await encode(
      base.clone().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
      mime,
    ).toBuffer({ resolveWithObject: true });
    const thumb = withThumbnail
      ? await encode(base.clone().resize({ width: THUMB_WIDTH, withoutEnlargement: true }), mime).toBuffer()
      : null;
    return { main, thumb };
  } catch {
    throw badRequest(`${name}: this image could not be read`, 'UPLOAD_CORRUPT');
  }
}

/**
 * Checks the bytes (not the name) are a JPEG, PNG or WebP image, re-encodes it without metadata
 * (EXIF, GPS), bounded to 1600px, with a 320px thumbnail, and stores both.
 */
export async function storeImage(db: Db, storage: BlobStorage, ownerId: string, input: Buffer, name = 'file'): Promise<UploadedFile> {
  const mime = await imageTypeOf(input, name);
  const { main, thumb } = await reencode(input, name, mime, true);
  const id = newId();
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
  const ext = IMAGE_TYPES[mime];
  const key = `${day}/${id}.${ext}`;
  const thumbnailKey = `${day}/${id}-${THUMB_WIDTH}.${ext}`;
  await storage.put(key, main.data, mime);
  await storage.put(thumbnailKey, thumb!, mime);
  const file: UploadedFile = {
    url: storage.publicUrl(key),
    thumbnailUrl: storage.publicUrl(thumbnailKey),
    mimeType: mime,
    kind: 'image',
    width: main.info.width,
    height: main.info.height,
    size: main.data.length,
    durationMs: null,
  };
  await insertUpload(db, id, ownerId, key, thumbnailKey, file);
  return file;
}

/**
 * A private document (a photo of an ID or a bill for KYC): checked and re-encoded as any image
 * (no metadata), no thumbnail, kept under `private/` and answered by its id only: no address
 * serves it publicly, and no post, story or message can use it.
 */
export async function storePrivateImage(
  db: Db,
  storage: BlobStorage,
  ownerId: string,
  input: Buffer,
  name = 'file',
): Promise<PrivateDocument> {
  const mime = await imageTypeOf(input, name);
  const { main } = await reencode(input, name, mime, false);
  const id = newId();
  const key = `${PRIVATE_PREFIX}${id}.${IMAGE_TYPES[mime]}`;
  await storage.put(key, main.data, mime);
  const doc: PrivateDocument = { id, mimeType: mime, width: main.info.width, height: main.info.height, size: main.data.length };
  await db
    .insert(uploads)
    .values({ ...doc, ownerId, key, thumbnailKey: null, kind: 'image', durationMs: null, url: key, thumbnailUrl: null, private: true });
  return doc;
}

/** This person's private documents among these ids (a KYC request names only its sender's own). */
export async function privateDocumentsOf(db: Tx, ownerId: string, ids: readonly string[]): Promise<PrivateDocument[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: uploads.id, mimeType: uploads.mimeType, width: uploads.width, height: uploads.height, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.private, true), inArray(uploads.id, [...new Set(ids)]))) as Promise<
    PrivateDocument[]
  >;
}

/** A private document's owner and type, or null: asked before its bytes are opened (openPrivateDocument). */
export async function privateDocument(db: Tx, id: string) {
  const [row] = await db
    .select({ id: uploads.id, key: uploads.key, mimeType: uploads.mimeType, ownerId: uploads.ownerId })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.private, true)));
  return row ?? null;
}

/** The bytes of a private document found by `privateDocument`, for a caller its rule let through; null when the file is gone. */
export const openPrivateDocument = (storage: BlobStorage, doc: { key: string }) => storage.get(doc.key);

const insertUpload = (db: Db, id: string, ownerId: string, key: string, thumbnailKey: string | null, file: UploadedFile) =>
  db.insert(uploads).values({
    id,
    ownerId,
    key,
    thumbnailKey,
    kind: file.kind,
    mimeType: file.mimeType,
    size: file.size,
    width: file.width,
    height: file.height,
    durationMs: file.durationMs,
    url: file.url,
    thumbnailUrl: file.thumbnailUrl,
  });

/**
 * What a video or audio file is, by its container (not its name or declared type), within the
 * limits; a 400 a person can act on otherwise. Null when the bytes are no video or audio container.
 */
export function checkMedia(input: Buffer, name: string, limits: MediaLimits): { probe: MediaProbe; mimeType: string } | null {
  let probe: MediaProbe | null;
  try {
    probe = probeMedia(input);
  } catch (err) {
    if (err instanceof DamagedMediaError) throw badRequest(`${name}: this file is incomplete or damaged`, 'UPLOAD_CORRUPT');
    throw err;
  }
  if (!probe) return null;
  if (probe.hasVideo) {
    if (probe.container === 'ogg') throw badRequest(`${name}: only MP4 or WebM videos can be uploaded`, 'UPLOAD_TYPE');
    if (input.length > limits.videoMaxBytes) throw badRequest(`Videos can be at most ${mb(limits.videoMaxBytes)}`, 'UPLOAD_TOO_LARGE');
    if (probe.durationMs <= 0) throw badRequest(`${name}: the length of this video could not be read`, 'UPLOAD_CORRUPT');
    if (probe.durationMs > limits.videoMaxSeconds * 1000)
      throw badRequest(`Videos can be at most ${duration(limits.videoMaxSeconds)} long`, 'UPLOAD_TOO_LONG');
    return { probe, mimeType: MEDIA_TYPES.video[probe.container] };
  }
  if (input.length > limits.audioMaxBytes) throw badRequest(`Voice notes can be at most ${mb(limits.audioMaxBytes)}`, 'UPLOAD_TOO_LARGE');
  if (probe.durationMs <= 0) throw badRequest(`${name}: the length of this recording could not be read`, 'UPLOAD_CORRUPT');
  if (probe.durationMs > limits.audioMaxSeconds * 1000)
    throw badRequest(`Voice notes can be at most ${duration(limits.audioMaxSeconds)} long`, 'UPLOAD_TOO_LONG');
  return { probe, mimeType: MEDIA_TYPES.audio[probe.container] };
}

/**
 * Stores a checked video (with the poster the browser captured from it, resized as its
 * thumbnail) or voice note as it came: nothing is re-encoded, as that would need a codec library.
 */
export async function storeMedia(
  db: Db,
  storage: BlobStorage,
  ownerId: string,
  input: Buffer,
  media: { probe: MediaProbe; mimeType: string },
  poster: { data: Buffer; name: string } | null,
): Promise<UploadedFile> {
  const { probe, mimeType } = media;
  const id = newId();
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
  const key = `${day}/${id}.${EXTENSIONS[mimeType]}`;
  let thumbnailKey: string | null = null;
  let posterSize: { width: number; height: number } | null = null;
  if (probe.hasVideo) {
    if (!poster) throw badRequest('Attach a poster image for the video in the field "poster"', 'UPLOAD_POSTER_MISSING');
    const posterType = await imageTypeOf(poster.data, poster.name);
    let thumb: { data: Buffer; info: OutputInfo };
    try {
      const img = sharp(poster.data, { failOn: 'error', limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: POSTER_WIDTH, withoutEnlargement: true });
      thumb = await encode(img, posterType).toBuffer({ resolveWithObject: true });
    } catch {
      throw badRequest(`${poster.name}: this image could not be read`, 'UPLOAD_CORRUPT');
    }
    thumbnailKey = `${day}/${id}-poster.${IMAGE_TYPES[posterType]}`;
    posterSize = { width: thumb.info.width, height: thumb.info.height };
    await storage.put(thumbnailKey, thumb.data, posterType);
  }
  await storage.put(key, input, mimeType);
  const file: UploadedFile = {
    url: storage.publicUrl(key),
    thumbnailUrl: thumbnailKey ? storage.publicUrl(thumbnailKey) : null,
    mimeType: mimeType as UploadedFile['mimeType'],
    kind: probe.hasVideo ? 'video' : 'audio',
    width: probe.hasVideo ? (probe.width ?? posterSize?.width ?? null) : null,
    height: probe.hasVideo ? (probe.height ?? posterSize?.height ?? null) : null,
    size: input.length,
    durationMs: probe.durationMs,
  };
  await insertUpload(db, id, ownerId, key, thumbnailKey, file);
  return file;
}

/** An upload as other services see it. */
export type UploadRecord = Pick<UploadedFile, 'url' | 'thumbnailUrl' | 'kind' | 'mimeType' | 'width' | 'height' | 'durationMs'>;

/** This person's uploads among these URLs (either size), in one query: to check what a post, story or message may use. */
export async function uploadsOf(db: Tx, ownerId: string, urls: readonly string[]): Promise<UploadRecord[]> {
  const unique = [...new Set(urls)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({
      url: uploads.url,
      thumbnailUrl: uploads.thumbnailUrl,
      kind: uploads.kind,
      mimeType: uploads.mimeType,
      width: uploads.width,
      height: uploads.height,
      durationMs: uploads.durationMs,
    })
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerId, ownerId),
        eq(uploads.private, false),
        or(inArray(uploads.url, unique), inArray(uploads.thumbnailUrl, unique)),
      ),
    );
  return rows as UploadRecord[];
}

/** Deletes these uploads (matched by either URL): their files, then their rows. */
export async function removeUploads(db: Tx, storage: BlobStorage, urls: readonly string[]): Promise<number> {
  const unique = [...new Set(urls)];
  if (unique.length === 0) return 0;
  const rows = await db
    .select({ id: uploads.id, key: uploads.key, thumbnailKey: uploads.thumbnailKey })
    .from(uploads)
    .where(or(inArray(uploads.url, unique), inArray(uploads.thumbnailUrl, unique)));
  for (const r of rows) {
    await storage.delete(r.key);
    if (r.thumbnailKey) await storage.delete(r.thumbnailKey);
  }
  if (rows.length)
    await db.delete(uploads).where(
      inArray(
        uploads.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.length;
}

/** True when `url` is an image this user uploaded (either size). */
export async function ownsUpload(db: Db, ownerId: string, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.private, false), or(eq(uploads.url, url), eq(uploads.thumbnailUrl, url))))
    .limit(1);
  return Boolean(row);
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  weba: 'audio/webm',
  ogg: 'audio/ogg',
};
export const contentTypeOf = (key: string): string => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
