import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/owo-cfg-unit', APP_SECRET: 'x'.repeat(32) };
/** Production also needs VAPID keys (config-push.ts): a test pair. */
const prod = {
  ...base,
  NODE_ENV: 'production',
  VAPID_PUBLIC_KEY: 'BCLhhnQoqP0_KrhAaNpYtGnZNi9pEnFioRJ76pF5VfKYFzgb5rlQi0Krp93j-HRZO-T1LCavI4GbmyQCTaosJCc',
  VAPID_PRIVATE_KEY: 'lw6PtiqPtz3eNxT6Vq_-fwXfclj-h1SDuo2iJgCZEKI',
};

describe('loadConfig: production on the embedded database', () => {
  it('refuses without DATABASE_URL, naming it', () => {
    expect(() => loadConfig(prod)).toThrow(/set DATABASE_URL/);
    expect(() => loadConfig(prod)).toThrow(
      'In production Owo needs PostgreSQL: set DATABASE_URL. The embedded database does not fsync, so a power cut can lose the last payments; set ALLOW_EMBEDDED_DATABASE=true to run on it anyway.',
    );
    expect(() => loadConfig({ ...prod, DATABASE_URL: '' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...prod, ALLOW_EMBEDDED_DATABASE: 'false' })).toThrow(/DATABASE_URL/);
  });

  it('runs on it when ALLOW_EMBEDDED_DATABASE=true', () => {
    const c = loadConfig({ ...prod, ALLOW_EMBEDDED_DATABASE: 'true' });
    expect(c.isProduction).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('runs with DATABASE_URL', () => {
    const c = loadConfig({ ...prod, DATABASE_URL: 'postgres://owo@db:5432/owo' });
    expect(c.databaseUrl).toBe('postgres://owo@db:5432/owo');
  });

  it('leaves development and tests alone', () => {
    expect(loadConfig(base).databaseUrl).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).env).toBe('development');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).env).toBe('test');
  });

  it('rejects a value that is not a boolean', () => {
    expect(() => loadConfig({ ...prod, ALLOW_EMBEDDED_DATABASE: 'yes' })).toThrow(/ALLOW_EMBEDDED_DATABASE/);
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  const trust = (v?: string) => loadConfig(v === undefined ? base : { ...base, TRUST_PROXY: v }).trustProxy;

  it('trusts no proxy by default', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('takes true', () => {
    expect(trust('true')).toBe(true);
    expect(trust(' TRUE ')).toBe(true);
  });

  it('takes a hop count as a function trusting that many hops', () => {
    const one = trust('1');
    expect(typeof one).toBe('function');
    if (typeof one !== 'function') return;
    expect(one('127.0.0.1', 0)).toBe(true);
    expect(one('203.0.113.9', 1)).toBe(false);
    const two = trust('2');
    if (typeof two !== 'function') throw new Error('not a function');
    expect([two('a', 0), two('b', 1), two('c', 2)]).toEqual([true, true, false]);
  });

  it('takes a comma list of addresses, CIDRs and named ranges', () => {
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust('10.0.0.0/8, 172.16.0.0/12,::1, fd00::/8')).toEqual(['10.0.0.0/8', '172.16.0.0/12', '::1', 'fd00::/8']);
    expect(trust('10.0.0.0/255.0.0.0,loopback,uniquelocal')).toEqual(['10.0.0.0/255.0.0.0', 'loopback', 'uniquelocal']);
  });

  it.each([
    'yes',
    '10.0.0.256',
    '10.0.0.0/33',
    '10.0.0.0/255.0.255.0',
    '::1/129',
    'proxy.example.com',
    '10.0.0.1,,10.0.0.2',
    '-1',
    '1.5',
    '101',
  ])('rejects %s with a clear message', (v) => {
    expect(() => trust(v)).toThrow(/TRUST_PROXY/);
  });

  it('says what it takes', () => {
    expect(() => trust('nonsense')).toThrow(
      /TRUST_PROXY must be true, false, a hop count \(e\.g\. 1\) or a comma list of proxy addresses\/CIDRs .*not understood: "nonsense"/,
    );
  });
});

describe('loadConfig: SECRET_HASH_COST', () => {
  it.each([
    ['test', undefined, 'test'],
    ['development', undefined, 'standard'],
    ['production', undefined, 'standard'],
    ['development', 'test', 'test'],
    ['test', 'standard', 'standard'],
  ])('on NODE_ENV=%s with %s is %s', (nodeEnv, cost, expected) => {
    const env = nodeEnv === 'production' ? { ...prod, DATABASE_URL: 'postgres://x/y' } : { ...base, NODE_ENV: nodeEnv };
    expect(loadConfig({ ...env, ...(cost ? { SECRET_HASH_COST: cost } : {}) }).secretHashCost).toBe(expected);
  });

  it('refuses the test cost in production', () => {
    expect(() => loadConfig({ ...prod, DATABASE_URL: 'postgres://x/y', SECRET_HASH_COST: 'test' })).toThrow(/SECRET_HASH_COST=test/);
  });
});

describe('loadConfig: Connect’s home timelines', () => {
  it('keeps 400 posts, 14 days, and pulls authors of 10,000 followers or more by default', () => {
    expect(loadConfig(base).timelines).toEqual({ cap: 400, activeDays: 14, bigAccountFollowers: 10_000 });
  });

  it('takes each setting, and refuses a cap too small to fill a page', () => {
    const c = loadConfig({ ...base, TIMELINE_CAP: '800', TIMELINE_ACTIVE_DAYS: '30', TIMELINE_BIG_ACCOUNT_FOLLOWERS: '100000' });
    expect(c.timelines).toEqual({ cap: 800, activeDays: 30, bigAccountFollowers: 100_000 });
    expect(() => loadConfig({ ...base, TIMELINE_CAP: '5' })).toThrow(/TIMELINE_CAP must be at least 20/);
  });
});
