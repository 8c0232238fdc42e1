import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { Config } from './config.js';

/** Where uploaded files live. Keys are opaque, safe path segments chosen by the server. */
export interface BlobStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The address a client fetches the file from. */
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export class LocalDiskStorage implements BlobStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async get(key: string) {
    if (!isSafeKey(key)) return null;
    const file = path.join(this.root, key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { stream: createReadStream(file), size: s.size };
    } catch {
      return null;
    }
  }

  publicUrl(key: string): string {
    return `/api/upload/files/${key}`;
  }
}

/** Any S3-compatible store (AWS S3, MinIO, R2...), signed with SigV4. */
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
      headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
    });
    if (!res.ok) throw new Error(`storage put failed with ${res.status}`);
  }

  async get(key: string) {
    if (!isSafeKey(key)) return null;
    const res = await this.client.fetch(`${this.base}/${key}`);
    if (res.status === 404 || !res.body) return null;
    if (!res.ok) throw new Error(`storage get failed with ${res.status}`);
    const { Readable } = await import('node:stream');
    return { stream: Readable.fromWeb(res.body as never), size: Number(res.headers.get('content-length') ?? 0) };
  }

  publicUrl(key: string): string {
    return this.s3.publicUrl ? `${this.s3.publicUrl.replace(/\/$/, '')}/${key}` : `/api/upload/files/${key}`;
  }
}

export function createStorage(config: Config): BlobStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
