import type { Device } from '@owo/contracts';
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { keyedHash, newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { forgetSession } from '../notifications/index.js';
import type { UserDeps } from './deps.js';
import { issueOtp, latestOtp, OTP_RESEND_SECONDS } from './otp.js';
import { sessions, userDevices } from './tables.js';

/**
 * Devices (docs/kyc.md, "New devices"). A client names its device with a random id it keeps
 * (header X-Device-Id) and a label (X-Device-Name); only a keyed hash of the id is stored. The
 * first device a person signs in from is trusted (the phone was proved at sign-up); a login from
 * any other device, or from one signed out, waits for a code texted to the phone, and once
 * confirmed that device's first hours carry the lower day limit (the KYC service's window).
 */
export type DeviceClaim = { hash: string; label: string };

/** What a client without the header is known as: one device, "Unknown device", like any other. */
const NO_DEVICE_ID = 'no-device-id';

export function deviceClaim(secret: string, headers: { 'x-device-id'?: string; 'x-device-name'?: string }): DeviceClaim {
  const id = headers['x-device-id'] || NO_DEVICE_ID;
  const label = headers['x-device-name']?.trim() || 'Unknown device';
  return { hash: keyedHash(secret, `device:${id}`), label };
}

/** Sent when a code must confirm the device; the client then calls user.confirmDevice with it. */
export const NEW_DEVICE = 'NEW_DEVICE';
const maskPhone = (e164: string) => `${e164.slice(0, 4)} ••• ••• ${e164.slice(-4)}`;
export const newDeviceError = (phone: string) =>
  new AppError(
    403,
    NEW_DEVICE,
    `This is a new device. Enter the code we texted to ${maskPhone(phone)} to confirm it is you.`,
    'For the first day on a new device you can send at most the new-device limit.',
  );

type Person = { id: string; phoneNumber: string };

/**
 * A login whose password was right: the device's id if it may sign in now (a device confirmed
 * before, or the person's first, recorded and trusted); otherwise null, after queueing a code for
 * this device.
 */
export async function admitDevice(tx: Tx, deps: UserDeps, person: Person, claim: DeviceClaim): Promise<string | null> {
  const [known] = await tx
    .select({ id: userDevices.id, confirmedAt: userDevices.confirmedAt, signedOutAt: userDevices.signedOutAt })
    .from(userDevices)
    .where(and(eq(userDevices.userId, person.id), eq(userDevices.deviceHash, claim.hash)))
    .limit(1);
  if (known?.confirmedAt && !known.signedOutAt) {
    await tx.update(userDevices).set({ lastSeenAt: new Date(), label: claim.label }).where(eq(userDevices.id, known.id));
    return known.id;
  }
  if (!known) {
    const [any] = await tx.select({ n: count() }).from(userDevices).where(eq(userDevices.userId, person.id));
    if ((any?.n ?? 0) === 0) return recordDevice(tx, person.id, claim);
  }
  // A login repeated within the minute keeps the code still waiting; otherwise a new one (throttled as every code).
  const latest = await latestOtp(tx, person.phoneNumber, 'new_device');
  if (!latest?.open || latest.ageSeconds >= OTP_RESEND_SECONDS) await issueOtp(tx, deps, person, 'new_device', { device: claim });
  return null;
}

/** Records (or re-admits) a device as confirmed now; its id. */
export async function recordDevice(tx: Tx, userId: string, claim: DeviceClaim): Promise<string> {
  const now = new Date();
  const [row] = await tx
    .insert(userDevices)
    .values({ id: newId(), userId, deviceHash: claim.hash, label: claim.label, confirmedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [userDevices.userId, userDevices.deviceHash],
      set: { label: claim.label, confirmedAt: now, lastSeenAt: now, signedOutAt: null },
    })
    .returning({ id: userDevices.id });
  return row!.id;
}

/** How often a device's "Last active" moves while its session is used: at most once a minute. */
export const DEVICE_SEEN_EVERY_MS = 60_000;
const SEEN_MAX = 50_000;

/**
 * Keeps each device's "Last active" current as its session is used, without a write per request:
 * the returned function is called with the session of every signed-in call; in this process it
 * sends at most one statement a minute per session, and the statement writes only a device last
 * seen more than a minute ago (so several processes write it at most once a minute between them).
 * The write is not waited for; it answers the statement's promise (or null when throttled) for tests.
 */
export function deviceActivity(db: Db, everyMs = DEVICE_SEEN_EVERY_MS, now: () => number = Date.now) {
  const touched = new Map<string, number>();
  return (sessionId: string): Promise<void> | null => {
    const at = now();
    const last = touched.get(sessionId);
    if (last !== undefined && at - last < everyMs) return null;
    touched.delete(sessionId);
    if (touched.size >= SEEN_MAX) touched.delete(touched.keys().next().value!);
    touched.set(sessionId, at);
    const ofSession = db.select({ id: sessions.deviceId }).from(sessions).where(eq(sessions.id, sessionId));
    return db
      .update(userDevices)
      .set({ lastSeenAt: new Date(at) })
      .where(and(inArray(userDevices.id, ofSession), lt(userDevices.lastSeenAt, new Date(at - everyMs))))
      .then(
        () => undefined,
        () => undefined,
      );
  };
}

/** The person's signed-in devices, the most recently used first; `current` is the one this session came from. */
export async function listDevices(deps: UserDeps, userId: string, sessionId: string, page: number, limit: number) {
  const live = and(eq(userDevices.userId, userId), isNull(userDevices.signedOutAt));
  const [[total], rows, [mine]] = await Promise.all([
    deps.db.select({ n: count() }).from(userDevices).where(live),
    deps.db
      .select()
      .from(userDevices)
      .where(live)
      .orderBy(desc(userDevices.lastSeenAt), desc(userDevices.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.db.select({ deviceId: sessions.deviceId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1),
  ]);
  const items: Device[] = rows.map((d) => ({
    id: d.id,
    label: d.label,
    firstSeenAt: d.firstSeenAt.toISOString(),
    lastSeenAt: d.lastSeenAt.toISOString(),
    current: d.id === mine?.deviceId,
  }));
  return { items, total: total?.n ?? 0 };
}

/**
 * Signs one of the person's devices out: its sessions end (and their push subscriptions), and it
 * needs a texted code to log in again. Another person's device is not found; this session's own
 * device is signed out with Log out.
 */
export async function signOutDevice(tx: Tx, userId: string, sessionId: string, deviceId: string): Promise<void> {
  const [device] = await tx
    .select({ id: userDevices.id, signedOutAt: userDevices.signedOutAt })
    .from(userDevices)
    .where(and(eq(userDevices.id, deviceId), eq(userDevices.userId, userId)))
    .limit(1)
    .for('update');
  if (!device) throw notFound('Device not found', 'DEVICE_NOT_FOUND');
  if (device.signedOutAt) return;
  const [mine] = await tx.select({ deviceId: sessions.deviceId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (mine?.deviceId === deviceId) throw badRequest('This is the device you are using. Use Log out to sign it out.', 'CURRENT_DEVICE');
  await tx.update(userDevices).set({ signedOutAt: new Date() }).where(eq(userDevices.id, deviceId));
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.deviceId, deviceId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await forgetSession(
    tx,
    ended.map((s) => s.id),
  );
}

/** A person's devices for the operator console: every one, signed in or out, the most recently used first (at most `limit`). */
export async function devicesForStaff(db: Tx, userId: string, limit = 20) {
  const rows = await db
    .select()
    .from(userDevices)
    .where(eq(userDevices.userId, userId))
    .orderBy(desc(userDevices.lastSeenAt), desc(userDevices.id))
    .limit(limit);
  return rows.map((d) => ({
    id: d.id,
    label: d.label,
    firstSeenAt: d.firstSeenAt.toISOString(),
    lastSeenAt: d.lastSeenAt.toISOString(),
    confirmed: d.confirmedAt !== null,
    signedOutAt: d.signedOutAt?.toISOString() ?? null,
  }));
}
