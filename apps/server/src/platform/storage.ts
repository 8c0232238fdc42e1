import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { Config } from './config.js';

/** Where uploaded files live. Keys are opaque, safe path segments chosen by the server. */
export interface BlobStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Null when the key does not exist. With a range (inclusive byte offsets, already checked against
   * the size by the caller through `size`), the stream holds only those bytes; `size` is the whole file's.
   */
  get(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The file's size, or null when the key does not exist. */
  size(key: string): Promise<number | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The address a client fetches the file from. */
  publicUrl(key: string): string;
}

export type ByteRange = { start: number; end: number };

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export class LocalDiskStorage implements BlobStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async get(key: string, range?: ByteRange) {
    const size = await this.size(key);
    if (size === null) return null;
    return { stream: createReadStream(path.join(this.root, key), range ? { start: range.start, end: range.end } : {}), size };
  }

  async size(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    try {
      const s = await stat(path.join(this.root, key));
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    if (isSafeKey(key)) await rm(path.join(this.root, key), { force: true });
  }

  publicUrl(key: string): string {
    return `/api/upload/files/${key}`;
  }
}

/** Any S3-compatible store (AWS S3, MinIO, R2...), signed with SigV4. */
/** Where private documents (KYC) are kept: never cached by anything between, never served by the public files route. */
export const PRIVATE_PREFIX = 'private/';

export class S3Storage implements BlobStorage {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly s3: NonNullable<Config['s3']>) {
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId ?? '',
      secretAccessKey: s3.secretAccessKey ?? '',
      region: s3.region,
      service: 's3',
    });
    const endpoint = s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`;
    this.base = `${endpoint.replace(/\/$/, '')}/${s3.bucket}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(`${this.base}/${key}`, {
      method: 'PUT',
      body: new Uint8Array(body),
      // Private documents (KYC, under private/) are never cached by anything between.
      headers: {
        'content-type': contentType,
        'cache-control': key.startsWith(PRIVATE_PREFIX) ? 'private, no-store' : 'public, max-age=31536000, immutable',
      },
    });
    if (!res.ok) throw new Error(`storage put failed with ${res.status}`);
  }

  async get(key: string, range?: ByteRange) {
    if (!isSafeKey(key)) return null;
    const res = await this.client.fetch(`${this.base}/${key}`, range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
    if (res.status === 404 || !res.body) return null;
    if (!res.ok) throw new Error(`storage get failed with ${res.status}`);
    const { Readable } = await import('node:stream');
    const total = range ? Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ?? 0) : 0;
    return { stream: Readable.fromWeb(res.body as never), size: range ? total : Number(res.headers.get('content-length') ?? 0) };
  }

  async size(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    const res = await this.client.fetch(`${this.base}/${key}`, { method: 'HEAD' });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`storage head failed with ${res.status}`);
    return Number(res.headers.get('content-length') ?? 0);
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    const res = await this.client.fetch(`${this.base}/${key}`, { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new Error(`storage delete failed with ${res.status}`);
  }

  publicUrl(key: string): string {
    return this.s3.publicUrl ? `${this.s3.publicUrl.replace(/\/$/, '')}/${key}` : `/api/upload/files/${key}`;
  }
}

export function createStorage(config: Config): BlobStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
