import { createECDH, randomBytes } from 'node:crypto';
import { mine, type Row } from './authz-rows-shapes.js';

/** A new device's subscription, as a browser hands it (a fresh endpoint and keys each time). */
const device = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

/** The authorization matrix's rows (authz-rows.ts) of notifications: all about the caller alone. */
export const notificationRows: Record<string, Row> = {
  // --- notifications -------------------------------------------------------------------------------
  'notifications.pushKey': mine(),
  'notifications.subscribe': mine({ body: () => device() }),
  // Another person's endpoint is passed over (removed: 0), never removed.
  'notifications.unsubscribe': mine({ body: () => ({ endpoint: device().endpoint }) }),
  'notifications.settings': mine(),
  'notifications.updateSettings': mine({ body: () => ({ hideMessageText: false }) }),
  'notifications.summary': mine(),
  'notifications.list': mine(),
};
