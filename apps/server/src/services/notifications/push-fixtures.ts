import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { auth, closeCheckingLedger, createTestApp, json, type TestContext, type TestUser } from '../../test/harness.js';
import { sendDuePushes } from './deliver.js';
import { PushStandIn, type Device } from './push-stand-in.js';
import { lagosMinuteOfDay } from './settings.service.js';

/** Subscribes this device for this person's session, as the web app does after permission is given. */
export async function subscribeDevice(app: FastifyInstance, u: TestUser, d: Device): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/notifications/push/subscriptions',
    headers: auth(u),
    payload: PushStandIn.body(d),
  });
  if (res.statusCode !== 201) throw new Error(`subscribe answered ${res.statusCode}: ${res.body}`);
  return (json(res).data as { id: string }).id;
}

/** Sends what is due now, as the `notifications.push` job does each period. */
export const drainPushes = (t: TestContext) => sendDuePushes({ db: t.db, push: t.providers.push, log: t.app.log });

/** The env of an app whose pushes go through the real Web Push adapter (to the local stand-in). */
export const WEB_PUSH_ENV = { PUSH_PROVIDER: 'webpush' };

/** Changes this person's notification settings, as the settings screen does. */
export async function setSettings(app: FastifyInstance, u: TestUser, settings: object): Promise<void> {
  const res = await app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: auth(u), payload: settings });
  if (res.statusCode !== 200) throw new Error(`settings answered ${res.statusCode}: ${res.body}`);
}

/** The notification centre's list for this person (newest first). */
export async function centreOf(
  app: FastifyInstance,
  u: TestUser,
): Promise<{ id: string; kind: string; title: string; body: string; link: string }[]> {
  const res = await app.inject({ method: 'GET', url: '/api/notifications/centre', headers: auth(u) });
  return json(res).data as { id: string; kind: string; title: string; body: string; link: string }[];
}

/** A moment at this hour and minute of a Lagos day (UTC+1): quiet hours' tests. */
export const lagosTime = (hour: number, minute = 30) => new Date(Date.UTC(2026, 10, 27, hour - 1, minute));

/** Quiet hours around the present moment (Lagos time), for events whose time the test does not set. */
export const quietHoursNow = () => {
  const m = lagosMinuteOfDay(new Date());
  return { quietHours: { start: (m + 1380) % 1440, end: (m + 60) % 1440 } };
};

/** Quiet hours from 22:00 to 07:00 Lagos time. */
export const NIGHT = { quietHours: { start: 22 * 60, end: 7 * 60 } };

/**
 * A test file's app whose pushes go through the real Web Push adapter to a local stand-in push
 * service: both made in beforeAll and closed in afterAll; what the stand-in received is cleared
 * before each test. `t` is read when the tests run. A file that moves money checks the ledger at the end.
 */
export function pushTestApp(env: Record<string, string> = {}, opts: { ledgerChecked?: boolean } = {}) {
  let t: TestContext | undefined;
  const push = new PushStandIn();
  beforeAll(async () => {
    await push.start();
    t = await createTestApp({ env: { ...WEB_PUSH_ENV, ...push.env, ...env } });
  });
  afterAll(async () => {
    if (t) await (opts.ledgerChecked ? closeCheckingLedger(t) : t.close());
    await push.stop();
  });
  beforeEach(() => {
    push.received.length = 0;
  });
  return {
    push,
    get t(): TestContext {
      if (!t) throw new Error('The push test app is made in beforeAll');
      return t;
    },
  };
}
