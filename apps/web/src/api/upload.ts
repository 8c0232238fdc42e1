import type { ApiData } from '@owo/contracts';
import { ApiError, authHeaders, buildUrl, resolveRoute, unwrapEnvelope } from './client';

const UPLOAD = 'POST /api/upload/api/upload/single';
export type UploadedFile = ApiData<typeof UPLOAD>;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Client-side check before spending the upload; returns the problem or null. */
export function checkImage(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > MAX_IMAGE_BYTES) return 'That image is larger than 5 MB. Choose a smaller one.';
  return null;
}

export interface UploadHandle {
  promise: Promise<UploadedFile>;
  abort: () => void;
}

/** Uploads one image with XMLHttpRequest so progress (0..1) can be shown. */
export function uploadImage(file: File, onProgress?: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedFile>((resolve, reject) => {
    const { method, service, path } = resolveRoute(UPLOAD);
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
        resolve(unwrapEnvelope<UploadedFile>(xhr.status, body).data);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The upload failed. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'Upload cancelled'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
