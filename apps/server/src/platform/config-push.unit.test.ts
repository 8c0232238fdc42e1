import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newVapidKeys, pushConfig } from './config-push.js';

const dir = () => mkdtempSync(path.join(tmpdir(), 'owo-push-'));

describe('push settings', () => {
  it('refuse to start in production without VAPID keys', () => {
    expect(() => pushConfig({}, true, dir())).toThrow('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set in production');
  });

  it('refuse a VAPID public key that is not a 65-byte point', () => {
    expect(() => pushConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'abc' }, true, dir())).toThrow(
      'VAPID_PUBLIC_KEY must be 65 bytes in base64url',
    );
  });

  it('make keys once outside production and keep them in DATA_DIR', () => {
    const d = dir();
    const first = pushConfig({}, false, d).vapid;
    expect(pushConfig({}, false, d).vapid).toEqual(first);
  });

  it('take further push services as origins, and only https ones in production', () => {
    expect(pushConfig({ PUSH_EXTRA_SERVICES: 'http://127.0.0.1:4100, https://push.example.ng/' }, false, dir()).extraServices).toEqual([
      'http://127.0.0.1:4100',
      'https://push.example.ng',
    ]);
    expect(() => pushConfig({ PUSH_EXTRA_SERVICES: 'http://127.0.0.1:4100/push' }, false, dir())).toThrow(
      'PUSH_EXTRA_SERVICES: http://127.0.0.1:4100/push is not an origin',
    );
    const keys = newVapidKeys();
    const prod = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(() => pushConfig({ ...prod, PUSH_EXTRA_SERVICES: 'http://127.0.0.1:4100' }, true, dir())).toThrow(
      'PUSH_EXTRA_SERVICES: only https origins in production (http://127.0.0.1:4100)',
    );
    expect(pushConfig(prod, true, dir()).extraServices).toEqual([]);
  });

  it('send through the sandbox by default outside production', () => {
    expect(pushConfig({}, false, dir()).provider).toBe('sandbox');
  });

  it('make private keys of 32 bytes, also the one in 256 whose first byte is zero', () => {
    // 3,000 pairs: the chance that none starts with a zero byte is (255/256)^3000, about 1 in 100,000.
    const sizes = Array.from({ length: 3000 }, () => Buffer.from(newVapidKeys().privateKey, 'base64url').length);
    expect(new Set(sizes)).toEqual(new Set([32]));
  });
});
