// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { nigeriaMetadata } from '../../scripts/phone-metadata.mjs';
import { isValidNigerianPhone } from './phone-valid';

describe('Nigerian phone validation', () => {
  it('accepts Nigerian mobile numbers in their usual forms and refuses others', () => {
    for (const ok of ['08031234567', '+2348031234567', '0901 234 5678', '07012345678']) expect(isValidNigerianPhone(ok), ok).toBe(true);
    for (const bad of ['0803123456', '12345', '+442071234567', '0803123']) expect(isValidNigerianPhone(bad), bad).toBe(false);
  });

  it("ships the package's own metadata for Nigeria (run scripts/phone-metadata.mjs after an upgrade)", () => {
    const committed: unknown = JSON.parse(readFileSync(new URL('./phone-metadata-ng.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(nigeriaMetadata());
  });
});
