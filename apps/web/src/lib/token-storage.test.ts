// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSecureStorage, memoryKeyStore } from './token-storage';
import { MemoryStorage } from '../test/memory-storage';

describe('secure token storage', () => {
  it('round-trips a value through AES-GCM and never stores it in plain text', async () => {
    const storage = new MemoryStorage();
    const keyStore = memoryKeyStore();
    const a = createSecureStorage({ storage, keyStore });
    await a.save('token', 'secret-token-123');
    const raw = storage.getItem('token');
    expect(raw).toMatch(/^enc\.v1\./);
    expect(raw).not.toContain('secret-token-123');

    // A fresh instance (as after a reload) with the same key store decrypts it.
    const b = createSecureStorage({ storage, keyStore });
    expect(await b.load('token')).toBe('secret-token-123');
  });

  it('keeps the key non-extractable', async () => {
    const keyStore = memoryKeyStore();
    await createSecureStorage({ storage: new MemoryStorage(), keyStore }).save('token', 'x');
    const key = await keyStore.get();
    expect(key?.extractable).toBe(false);
    expect(key?.algorithm.name).toBe('AES-GCM');
  });

  it('uses a fresh IV each time', async () => {
    const storage = new MemoryStorage();
    const s = createSecureStorage({ storage, keyStore: memoryKeyStore() });
    await s.save('token', 'same');
    const first = storage.getItem('token');
    await s.save('token', 'same');
    expect(storage.getItem('token')).not.toBe(first);
  });

  it('drops values it cannot decrypt (lost key, tampering, plain text)', async () => {
    const storage = new MemoryStorage();
    await createSecureStorage({ storage, keyStore: memoryKeyStore() }).save('token', 'abc');
    // Another key store = the key was lost.
    expect(await createSecureStorage({ storage, keyStore: memoryKeyStore() }).load('token')).toBeNull();
    expect(storage.getItem('token')).toBeNull();

    storage.setItem('token', 'plain-token');
    expect(await createSecureStorage({ storage, keyStore: memoryKeyStore() }).load('token')).toBeNull();
    expect(storage.getItem('token')).toBeNull();
  });

  it('falls back gracefully when the key store fails', async () => {
    const storage = new MemoryStorage();
    const broken = { get: () => Promise.reject(new Error('no idb')), set: () => Promise.reject(new Error('no idb')) };
    const s = createSecureStorage({ storage, keyStore: broken });
    await s.save('token', 'tok');
    expect(await s.load('token')).toBe('tok');
    expect(storage.getItem('token')).not.toBe('tok');
  });

  it('remove clears both storage and memory', async () => {
    const storage = new MemoryStorage();
    const s = createSecureStorage({ storage, keyStore: memoryKeyStore() });
    await s.save('token', 'tok');
    s.remove('token');
    expect(storage.getItem('token')).toBeNull();
    expect(await s.load('token')).toBeNull();
  });
});
