import { sql } from 'drizzle-orm';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../platform/db.js';
import { procUser, ServerProcess, type ProcUser } from './server-process.js';

/**
 * Chat's group commit under SIGKILL: several people send messages as fast as their acks come back
 * while the server process is killed in the middle of batches and started again. Afterwards every
 * acknowledged message is stored, none twice, each conversation numbered without gaps; resending
 * the unacknowledged ones with their temporary ids stores each once.
 */
const KILLS = 3;
const SENDERS = 4;

type Sent = { from: ProcUser; to: ProcUser; msgId: string; acked: boolean };

let s: ServerProcess;
let people: ProcUser[];
const sent: Sent[] = [];
let serial = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  s = new ServerProcess({ DATABASE_POOL_SIZE: '6' });
  await s.start();
  people = [];
  for (let i = 0; i < SENDERS + 1; i++) people.push(await procUser(s));
}, 180_000);

afterAll(async () => {
  await s.dispose();
}, 60_000);

const connect = (u: ProcUser) =>
  new Promise<Socket>((resolve, reject) => {
    const c = ioClient(s.base, { path: '/api/chat/socket.io', auth: { token: u.token }, transports: ['websocket'], reconnection: false });
    c.once('connect', () => resolve(c));
    c.once('connect_error', reject);
  });

const send = async (c: Socket, m: Sent): Promise<boolean> => {
  try {
    const r = (await c
      .timeout(3000)
      .emitWithAck('message:send', { msgId: m.msgId, toUserId: m.to.id, msgType: 'text', msgBody: { text: `text ${m.msgId}` } })) as {
      status: boolean;
      message?: string;
    };
    if (!r.status) throw new Error(`refused: ${r.message}`);
    return true;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('refused')) throw err;
    return false;
  }
};

/** Each sender sends to the next person, many messages in flight at once, until its socket dies. */
async function sendUntilKilled(): Promise<void> {
  const sockets = await Promise.all(people.slice(0, SENDERS).map(connect));
  await Promise.all(
    sockets.map(async (c, i) => {
      const from = people[i]!;
      const to = people[(i + 1) % people.length]!;
      while (c.connected) {
        const round = Array.from({ length: 8 }, () => ({ from, to, msgId: `k${serial++}`, acked: false }));
        sent.push(...round);
        const oks = await Promise.all(round.map((m) => send(c, m)));
        round.forEach((m, j) => (m.acked = oks[j]!));
        if (!oks.every(Boolean)) break;
      }
    }),
  );
  sockets.forEach((c) => c.close());
}

describe('chat messages when the server is killed in the middle of batches', () => {
  it('keeps every acknowledged message once, numbered without gaps, and a resend of the rest stores each once', async () => {
    for (let k = 0; k < KILLS; k++) {
      if (k > 0) await s.start();
      const sending = sendUntilKilled();
      await sleep(700 + Math.random() * 600);
      await s.kill();
      await sending;
    }
    expect(sent.filter((m) => m.acked).length).toBeGreaterThan(50);
    // The database as the killed process left it (opened while no process runs: PGlite has one owner).
    const counts = async () => {
      const db = await s.openDb();
      try {
        const rows = await executeRows<{ client_msg_id: string; n: number }>(
          db.db,
          sql`SELECT client_msg_id, count(*)::int AS n FROM chat_messages GROUP BY from_user_id, client_msg_id`,
        );
        const gaps = await executeRows<{ n: number; top: number; last_seq: number }>(
          db.db,
          sql`SELECT count(*)::int AS n, max(m.seq) AS top, c.last_seq FROM chat_messages m
            JOIN chat_conversations c ON c.id = m.conversation_id GROUP BY m.conversation_id, c.last_seq`,
        );
        for (const g of gaps) expect([g.n, g.top]).toEqual([g.last_seq, g.last_seq]);
        return new Map(rows.map((r) => [r.client_msg_id, r.n]));
      } finally {
        await db.close();
      }
    };
    const before = await counts();
    for (const m of sent.filter((x) => x.acked)) expect(before.get(m.msgId), m.msgId).toBe(1);

    // The client resends what it has no ack for, with the same temporary ids.
    await s.start();
    const sockets = new Map<string, Socket>();
    for (const u of people.slice(0, SENDERS)) sockets.set(u.id, await connect(u));
    for (const m of sent.filter((x) => !x.acked)) expect(await send(sockets.get(m.from.id)!, m)).toBe(true);
    sockets.forEach((c) => c.close());
    await s.kill();

    const after = await counts();
    expect([...after.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(after.keys())).toEqual(new Set(sent.map((m) => m.msgId)));
  }, 240_000);
});
