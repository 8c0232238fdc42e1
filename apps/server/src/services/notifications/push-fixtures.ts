import type { FastifyInstance } from 'fastify';
import { auth, json, type TestContext, type TestUser } from '../../test/harness.js';
import { sendDuePushes } from './deliver.js';
import { PushStandIn, type Device } from './push-stand-in.js';

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
