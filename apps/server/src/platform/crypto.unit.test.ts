import { afterEach, describe, expect, it } from 'vitest';
import { hashSecret, useSecretHashCost, verifySecret } from './crypto.js';

describe('password and PIN hashes', () => {
  afterEach(() => useSecretHashCost('standard'));

  it('are argon2id at OWASP’s 19 MiB and two passes by default', async () => {
    expect(await hashSecret('2580')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('are made at the tiny test cost when it is chosen', async () => {
    useSecretHashCost('test');
    expect(await hashSecret('2580')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('verify whichever cost made them', async () => {
    const standard = await hashSecret('correct horse');
    useSecretHashCost('test');
    const cheap = await hashSecret('correct horse');
    expect(await verifySecret(standard, 'correct horse')).toBe(true);
    useSecretHashCost('standard');
    expect(await verifySecret(cheap, 'correct horse')).toBe(true);
    expect(await verifySecret(cheap, 'wrong horse')).toBe(false);
  });
});
