/**
 * Encrypted storage for the session token (spec: key 'token', kept encrypted in local storage).
 *
 * The value is encrypted with AES-GCM under a non-extractable CryptoKey that lives in IndexedDB, so a
 * copy of localStorage alone is useless. When IndexedDB is unavailable the key lives in memory only
 * (the session then survives until the tab closes); without Web Crypto nothing is persisted at all.
 * Every dependency is injectable so the round trip is testable in Node.
 */

const PREFIX = 'enc.v1.';

export interface KeyStore {
  get(): Promise<CryptoKey | undefined>;
  set(key: CryptoKey): Promise<void>;
}

export function memoryKeyStore(): KeyStore {
  let key: CryptoKey | undefined;
  return {
    get: () => Promise.resolve(key),
    set: (k) => {
      key = k;
      return Promise.resolve();
    },
  };
}

function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** A key store in IndexedDB; null when IndexedDB does not exist here. */
export function indexedDbKeyStore(dbName = 'owo-secure', storeName = 'keys', keyName = 'token-key'): KeyStore | null {
  const idb = globalThis.indexedDB as IDBFactory | undefined;
  if (!idb) return null;
  let dbPromise: Promise<IDBDatabase> | undefined;
  const open = () => {
    dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = idb.open(dbName, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(storeName);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
      req.onblocked = () => reject(new Error('IndexedDB blocked'));
    });
    return dbPromise;
  };
  return {
    async get() {
      const db = await open();
      const value = await idbRequest(db.transaction(storeName, 'readonly').objectStore(storeName).get(keyName));
      return value instanceof CryptoKey ? value : undefined;
    },
    async set(key) {
      const db = await open();
      const tx = db.transaction(storeName, 'readwrite');
      tx.objectStore(storeName).put(key, keyName);
      // Resolve only once the write is committed, so a reload right after login still finds the key.
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
      });
    },
  };
}

/** Uses the primary store; on its first failure switches to the fallback for good. */
function withFallback(primary: KeyStore | null, fallback: KeyStore): KeyStore {
  let active = primary ?? fallback;
  const run = async <T>(fn: (s: KeyStore) => Promise<T>): Promise<T> => {
    try {
      return await fn(active);
    } catch {
      active = fallback;
      return fn(active);
    }
  };
  return { get: () => run((s) => s.get()), set: (k) => run((s) => s.set(k)) };
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export interface SecureStorageOptions {
  storage?: Storage;
  keyStore?: KeyStore;
  subtle?: SubtleCrypto;
}

export interface SecureStorage {
  save(name: string, value: string): Promise<void>;
  load(name: string): Promise<string | null>;
  remove(name: string): void;
  /** The raw stored value (ciphertext), for tests and debugging. */
  raw(name: string): string | null;
}

export function createSecureStorage(opts: SecureStorageOptions = {}): SecureStorage {
  const storage = opts.storage ?? (globalThis.localStorage as Storage | undefined);
  const subtle = opts.subtle ?? (globalThis.crypto as Crypto | undefined)?.subtle;
  const keyStore = opts.keyStore ?? withFallback(indexedDbKeyStore(), memoryKeyStore());
  const memory = new Map<string, string>();
  let keyPromise: Promise<CryptoKey> | undefined;

  const getKey = (): Promise<CryptoKey> => {
    if (!subtle) return Promise.reject(new Error('Web Crypto is unavailable'));
    keyPromise ??= (async () => {
      // A failed read is not "no key": making a new key here would orphan the stored token.
      const existing = await keyStore.get();
      if (existing) return existing;
      const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      await keyStore.set(key).catch(() => undefined);
      return key;
    })();
    keyPromise.catch(() => (keyPromise = undefined));
    return keyPromise;
  };

  const safeRemove = (name: string) => {
    try {
      storage?.removeItem(name);
    } catch {
      /* storage may be blocked */
    }
  };

  return {
    async save(name, value) {
      memory.set(name, value);
      if (!subtle || !storage) return;
      try {
        const key = await getKey();
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const cipher = await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(value));
        storage.setItem(name, `${PREFIX}${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`);
      } catch {
        safeRemove(name); // never leave a stale or plain copy behind
      }
    },
    async load(name) {
      const stored = storage?.getItem(name) ?? null;
      if (!stored) return memory.get(name) ?? null;
      if (!subtle || !stored.startsWith(PREFIX)) {
        safeRemove(name);
        return memory.get(name) ?? null;
      }
      try {
        const [ivText = '', dataText = ''] = stored.slice(PREFIX.length).split('.');
        const key = await getKey();
        const plain = await subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(ivText) }, key, fromBase64(dataText));
        const value = new TextDecoder().decode(plain);
        memory.set(name, value);
        return value;
      } catch {
        // The key is gone (site data partly cleared) or the value was tampered with.
        safeRemove(name);
        return null;
      }
    },
    remove(name) {
      memory.delete(name);
      safeRemove(name);
    },
    raw(name) {
      return storage?.getItem(name) ?? null;
    },
  };
}

/** The app-wide instance (lazily created so tests can build their own). */
let shared: SecureStorage | undefined;
export function secureStorage(): SecureStorage {
  shared ??= createSecureStorage();
  return shared;
}
