import { describe, expect, it } from 'vitest';
import { fileApp, json, logInOnNewDevice, type TestUser } from '../../test/harness.js';
import { kycKit } from './kyc-test-kit.js';

/** The new-device window (docs/kyc.md, "New devices"): a device confirmed with its code sends at most ₦20,000 a day at first. */
const t = fileApp();
const kit = kycKit(() => t);

const PHONE_B = { 'x-device-id': 'b7c1e0a4-phone-b', 'x-device-name': 'Chrome on Android' };

/** Logs in on another phone with the code texted for it; the session's person is the same. */
async function onNewDevice(u: TestUser): Promise<TestUser> {
  return { ...u, token: await logInOnNewDevice(t.app, u, PHONE_B) };
}

describe('a device confirmed with its code', () => {
  it('shows the new-device limit of ₦20,000 on the limits screen', async () => {
    const u = await kit.person(2);
    expect((await kit.status(u)).newDeviceLimit).toBeNull();
    const onB = await onNewDevice(u);
    const s = await kit.status(onB);
    expect(s.newDeviceLimit).toBe(2_000_000);
    expect(s.limits.dailyOut).toBe(2_000_000);
  });

  it('refuses a payment beyond ₦20,000 today with DEVICE_LIMIT, moving nothing', async () => {
    const u = await kit.person(2, 5_000_000);
    const other = await kit.person(2);
    const onB = await onNewDevice(u);
    const over = await kit.send(onB, other, 2_000_100);
    expect(over.statusCode).toBe(403);
    expect(json(over).code).toBe('DEVICE_LIMIT');
    expect((await kit.status(u)).usedToday).toBe(0);
  });

  it('lets ₦20,000 leave on the new device', async () => {
    const u = await kit.person(2, 5_000_000);
    const other = await kit.person(2);
    const onB = await onNewDevice(u);
    expect((await kit.send(onB, other, 2_000_000)).statusCode).toBe(200);
  });

  it('leaves the tier’s limit on the first device a person logs in from', async () => {
    const u = await kit.person(2, 5_000_000);
    const other = await kit.person(2);
    expect((await kit.send(u, other, 3_000_000)).statusCode).toBe(200);
  });
});
