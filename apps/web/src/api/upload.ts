import type { ApiData } from '@owo/contracts';
import { ApiError, authHeaders, buildUrl, resolveRoute, unwrapEnvelope } from './client';

const UPLOAD = 'POST /api/upload/api/upload/single';
const DOCUMENT = 'POST /api/upload/api/upload/document';
export type UploadedFile = ApiData<typeof UPLOAD>;
/** A private document (a KYC photo): known by its id only, never shown by an address. */
export type PrivateDocument = ApiData<typeof DOCUMENT>;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The server's default limits for videos and voice notes (UPLOAD_VIDEO_* and UPLOAD_AUDIO_*). */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const MAX_VIDEO_BYTES = 25 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 60;
export const MAX_AUDIO_SECONDS = 300;

/** Client-side check before spending the upload; returns the problem or null. */
export function checkImage(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > MAX_IMAGE_BYTES) return 'That image is larger than 5 MB. Choose a smaller one.';
  return null;
}

export interface UploadHandle<T = UploadedFile> {
  promise: Promise<T>;
  abort: () => void;
}

/** Client-side check of a video before its poster is captured and it is uploaded; returns the problem or null. */
export function checkVideo(file: File, durationMs?: number): string | null {
  if (!(VIDEO_TYPES as readonly string[]).includes(file.type)) return 'Choose an MP4 or WebM video.';
  if (file.size > MAX_VIDEO_BYTES) return 'Videos can be at most 25 MB. Choose a shorter one.';
  if (durationMs !== undefined && durationMs > MAX_VIDEO_SECONDS * 1000) return `Videos can be at most ${MAX_VIDEO_SECONDS} seconds long.`;
  return null;
}

/** Uploads one image with XMLHttpRequest so progress (0..1) can be shown. */
export function uploadImage(file: File, onProgress?: (fraction: number) => void): UploadHandle {
  return uploadFile(file, { onProgress });
}

/**
 * Uploads one file (an image, a video with the poster captured from it, or a voice note) with
 * XMLHttpRequest, so progress (0..1) can be shown and the upload cancelled.
 */
export function uploadFile(file: Blob, opts: { poster?: Blob; onProgress?: (fraction: number) => void; name?: string } = {}): UploadHandle {
  return send<UploadedFile>(UPLOAD, file, opts);
}

/** Uploads a private document (a photo of an ID or a bill for KYC): the answer is its id, it gets no address. */
export function uploadDocument(file: Blob, opts: { onProgress?: (fraction: number) => void } = {}): UploadHandle<PrivateDocument> {
  return send<PrivateDocument>(DOCUMENT, file, opts);
}

function send<T>(
  route: typeof UPLOAD | typeof DOCUMENT,
  file: Blob,
  opts: { poster?: Blob; onProgress?: (fraction: number) => void; name?: string },
): UploadHandle<T> {
  const { onProgress } = opts;
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    const { method, service, path } = resolveRoute(route);
    xhr.open(method, buildUrl(service, path));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      try {
        onProgress?.(1);
        resolve(unwrapEnvelope<T>(xhr.status, body).data);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The upload failed. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'Upload cancelled'));
    const form = new FormData();
    form.append('file', file, opts.name ?? (file instanceof File ? file.name : 'file'));
    if (opts.poster) form.append('poster', opts.poster, 'poster.jpg');
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
