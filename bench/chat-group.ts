/**
 * The group part of `bench/chat.ts`: one group of GROUP_SIZE (256) people, inserted by SQL, each
 * member one socket to the server; members in turn send `group:send` at GROUP_RATE (50) messages a
 * second for the run's seconds (an open loop, at fixed times). Each message is timed from its emit
 * to every other member's `message:new` (all sockets in this process, one clock): p50/p99/max over
 * all deliveries, deliveries missing, and the server's and PostgreSQL's CPU per message. The
 * messages stored under the run's ids must equal those acknowledged.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { cpuBetween, pct, snapshot } from './lib.js';

export type GroupOutcome = {
  size: number;
  rate: number;
  seconds: number;
  sent: number;
  acked: number;
  stored: number;
  deliveries: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU ms per message: the server's process tree and the database's backends. */
  appMsPerMsg: number;
  pgMsPerMsg: number;
  deliveriesPerSec: number;
};

type Person = { id: string; token: string };

export async function groupRun(o: {
  db: pg.Client;
  monitor: pg.Client;
  dbName: string;
  base: string;
  path: string;
  serverPid: number;
  people: Person[];
  size: number;
  rate: number;
  seconds: number;
}): Promise<GroupOutcome> {
  const members = o.people.slice(0, o.size);
  const groupId = randomUUID();
  await o.db.query(`INSERT INTO chat_conversations (id, kind, last_seq, last_message_at) VALUES ($1, 'group', 0, now())`, [groupId]);
  await o.db.query(`INSERT INTO chat_groups (id, name, invite_code, created_by) VALUES ($1, 'Bench group', $2, $3)`, [
    groupId,
    randomUUID().replace(/-/g, ''),
    members[0]!.id,
  ]);
  await o.db.query(
    `INSERT INTO chat_members (conversation_id, user_id, role) SELECT $1, u, CASE WHEN i = 1 THEN 'admin' ELSE 'member' END
      FROM unnest($2::uuid[]) WITH ORDINALITY AS t(u, i)`,
    [groupId, members.map((m) => m.id)],
  );

  const sent = new Map<string, { t0: number; from: number; got: number }>();
  const lat: number[] = [];
  const sockets: Socket[] = [];
  for (let i = 0; i < members.length; i += 50) {
    sockets.push(
      ...(await Promise.all(
        members.slice(i, i + 50).map(
          (p, j) =>
            new Promise<Socket>((resolve, reject) => {
              const me = i + j;
              const s = connect(o.base, {
                path: o.path,
                auth: { token: p.token },
                transports: ['websocket'],
                reconnection: false,
                forceNew: true,
              });
              s.on('message:new', (m: { msgId?: string; groupId?: string }) => {
                const rec = m.groupId === groupId ? sent.get(String(m.msgId)) : undefined;
                if (!rec || rec.from === me) return;
                rec.got++;
                lat.push(performance.now() - rec.t0);
              });
              s.once('connect', () => resolve(s));
              s.once('connect_error', reject);
            }),
        ),
      )),
    );
  }

  let acked = 0;
  const total = o.rate * o.seconds;
  const s0 = await snapshot(o.monitor, o.dbName);
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / o.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const from = n % members.length;
    const msgId = `grp.${n}`;
    sent.set(msgId, { t0: performance.now(), from, got: 0 });
    sockets[from]!.timeout(10_000).emit(
      'group:send',
      { groupId, msgId, msgType: 'text', msgBody: { text: `Group message ${n}: the market opens at seven tomorrow.` } },
      (err: Error | null, reply?: { status: boolean }) => {
        if (!err && reply?.status) acked++;
      },
    );
  }
  const expected = total * (members.length - 1);
  const until = performance.now() + 5000;
  while (lat.length < expected && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (performance.now() - start) / 1000;
  const s1 = await snapshot(o.monitor, o.dbName);
  const cpu = cpuBetween(s0, s1, o.serverPid);
  sockets.forEach((s) => s.close());
  const stored = await o.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1`, [groupId]);
  const sorted = [...lat].sort((a, b) => a - b);
  return {
    size: members.length,
    rate: o.rate,
    seconds: o.seconds,
    sent: total,
    acked,
    stored: stored.rows[0]!.n,
    deliveries: lat.length,
    expected,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    max: sorted.at(-1) ?? 0,
    appMsPerMsg: (cpu.app * 1000) / Math.max(1, acked),
    pgMsPerMsg: (cpu.postgres * 1000) / Math.max(1, acked),
    deliveriesPerSec: lat.length / elapsed,
  };
}

export function groupReport(g: GroupOutcome | undefined): string {
  if (!g) return '';
  const f = (x: number) => x.toFixed(1);
  return [
    '',
    `## A group of ${g.size}`,
    '',
    `One group of ${g.size} members (each one socket to the server), members in turn sending \`group:send\` at ${g.rate} messages a second for ${g.seconds} s (an open loop); each message timed from its emit to every other member's \`message:new\`.`,
    '',
    '| sent | acked | stored | deliveries / expected | deliveries/s | p50 ms | p99 ms | max ms | server CPU ms/msg | PostgreSQL CPU ms/msg |',
    '|---|---|---|---|---|---|---|---|---|---|',
    `| ${g.sent} | ${g.acked} | ${g.stored} | ${g.deliveries} / ${g.expected} | ${g.deliveriesPerSec.toFixed(0)} | ${f(g.p50)} | ${f(g.p99)} | ${f(g.max)} | ${f(g.appMsPerMsg)} | ${f(g.pgMsPerMsg)} |`,
    '',
  ].join('\n');
}
