import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './db.js';

/**
 * This server process, as other processes sharing the database see it. A request that claims an
 * Idempotency-Key records the process running it; a retry of that key needs to know whether the
 * request may still be running (then it waits) or died with its process (then the retry answers
 * from the payment's own state).
 *
 * On PostgreSQL each process holds a session advisory lock, named by its id, on a connection of its
 * own for as long as it lives: PostgreSQL releases it the moment the process dies (its connection
 * closes), so "is that process alive?" is "is its lock still held?". The embedded database is one
 * process: any other owner is a process that has since stopped.
 */
export type Instance = {
  readonly id: string;
  /** Claims of this process's requests still running, by `${userId}:${key}`. */
  readonly inFlight: Set<string>;
  isAlive(owner: string): Promise<boolean>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (sent by any process, this one
   * included), once the notifying transaction has committed. Channel names are plain identifiers.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
}

/** Advisory lock class for server processes ("OWO" in ASCII); the object id is the process's id. */
const LOCK_CLASS = 0x4f574f;
const instances = new WeakMap<object, Instance>();

export function instanceOf(db: Db): Instance {
  const i = instances.get(db);
  if (!i) throw new Error('no server instance for this database: open it with openDatabase');
  return i;
}

/** What the embedded database offers for notifications (PGlite's `listen`). */
type Listener = { listen(channel: string, callback: (payload: string) => void): Promise<unknown> };

export function embeddedInstance(db: Db, client: Listener): Instance {
  const id = `e${randomInt(1, 2 ** 31 - 1)}`;
  const instance: Instance = {
    id,
    inFlight: new Set(),
    isAlive: async (owner) => owner === id,
    async listen(channel, handler) {
      checkChannel(channel);
      await client.listen(channel, handler);
    },
    close: async () => {},
  };
  instances.set(db, instance);
  return instance;
}

/**
 * Takes this process's lock on a connection of its own. If that connection is lost while the
 * process runs, other processes would take its running requests for dead ones, so the process
 * stops (a supervisor or the cluster primary starts another).
 */
export async function postgresInstance(db: Db, connectionString: string): Promise<Instance> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  let objid = 0;
  for (let tries = 0; tries < 10 && objid === 0; tries++) {
    const candidate = randomInt(1, 2 ** 31 - 1);
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_CLASS, candidate]);
    if (rows[0]?.ok) objid = candidate;
  }
  if (objid === 0) throw new Error('could not take a server instance lock');
  let closing = false;
  const lost = (why: string) => {
    if (closing) return;
    console.error(`database: the server instance connection was lost (${why}); stopping so that no payment is taken for abandoned`);
    process.exit(1);
  };
  client.on('error', (err) => lost(err.message));
  client.on('end', () => lost('closed'));
  // Notifications arrive on this same connection: while the process lives, none is missed.
  const handlers = new Map<string, ((payload: string) => void)[]>();
  client.on('notification', (msg) => {
    for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
  });
  const id = `p${objid}`;
  const instance: Instance = {
    id,
    inFlight: new Set(),
    async isAlive(owner) {
      if (owner === id) return true;
      const other = /^p(\d+)$/.exec(owner);
      if (!other) return false;
      // Taking the lock succeeds only when no live process holds it; the transaction releases it.
      return db.transaction(async (tx) => {
        const res = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCK_CLASS}, ${Number(other[1])}) AS free`)) as unknown as {
          rows: { free: boolean }[];
        };
        return !res.rows[0]?.free;
      });
    },
    async listen(channel, handler) {
      checkChannel(channel);
      const list = handlers.get(channel);
      if (list) return void list.push(handler);
      handlers.set(channel, [handler]);
      await client.query(`LISTEN ${channel}`);
    },
    async close() {
      closing = true;
      await client.end();
    },
  };
  instances.set(db, instance);
  return instance;
}
