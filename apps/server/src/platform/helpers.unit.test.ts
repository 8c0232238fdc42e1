import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { redactUrl } from './logger.js';
import { pageInfo } from './pagination.js';
import { maskPhone, toE164 } from './phone.js';

describe('redactUrl', () => {
  it('masks secret query values and keeps the rest', () => {
    expect(redactUrl('/a/b?oldTransactionPin=1234&page=2')).toBe('/a/b?oldTransactionPin=[REDACTED]&page=2');
    expect(redactUrl('/x?token=abc&otp=123456&password=p&q=ada')).toBe('/x?token=[REDACTED]&otp=[REDACTED]&password=[REDACTED]&q=ada');
    expect(redactUrl('/x?old%54ransactionPin=1234')).toBe('/x?old%54ransactionPin=[REDACTED]');
    expect(redactUrl('/no-query')).toBe('/no-query');
  });
});

describe('toE164', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['8031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['0907 123 4567', '+2349071234567'],
  ])('%s -> %s', (input, out) => expect(toE164(input)).toBe(out));

  it.each(['0803123', '12345', 'hello', '+4420712345678'])('rejects %s', (input) => expect(toE164(input)).toBeNull());

  it('masks for display', () => expect(maskPhone('+2348031234567')).toBe('+234803***4567'));
});

describe('pageInfo', () => {
  it('gives prev and next pages', () => {
    expect(pageInfo(1, 20, 45)).toEqual({ page: 1, limit: 20, total: 45, prev: null, next: { page: 2 } });
    expect(pageInfo(3, 20, 45)).toEqual({ page: 3, limit: 20, total: 45, prev: { page: 2 }, next: null });
    expect(pageInfo(1, 20, 0)).toEqual({ page: 1, limit: 20, total: 0, prev: null, next: null });
  });
});

describe('loadConfig', () => {
  it('reads typed settings with defaults', () => {
    const c = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/owo-cfg', APP_SECRET: 'x'.repeat(32), PORT: '4000', SERVICES: 'user,upload' });
    expect(c.port).toBe(4000);
    expect(c.services).toEqual(['user', 'upload']);
    expect(c.seedDemo).toBe(true);
  });
  it('keeps data in ./data at the repository root by default, and resolves DATA_DIR from where the command ran', () => {
    const root = new URL('../../../../', import.meta.url).pathname;
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).dataDir).toBe(`${root}data`);
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32), DATA_DIR: 'mine', INIT_CWD: '/srv/owo' }).dataDir).toBe('/srv/owo/mine');
  });
  it('refuses bad settings clearly, and production without a secret', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SERVICES: 'user,nope', APP_SECRET: 'x'.repeat(32) })).toThrow('Unknown service in SERVICES: nope');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('APP_SECRET must be set in production');
  });
});
