import { createHash } from 'node:crypto';
import path from 'node:path';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { busy, hasSqlState, LOST_RACE_SQLSTATES } from './errors.js';
import { embeddedInstance, postgresInstance } from './instance.js';
import { SERVER_ROOT } from './paths.js';

/**
 * Extensions the migrations create (PostgreSQL ships them in contrib): pg_trgm for typo-tolerant
 * search, cube and earthdistance for nearby shops.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance };

/**
 * The database handle. It carries no schema: every statement names its tables (each service's
 * `tables.ts`), so the platform knows no service's tables (Drizzle's relational `db.query.x` is not used).
 */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction handle or the database itself: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

export type Database = {
  db: Db;
  /**
   * The database through connections of their own, for background work that must not queue behind
   * the requests for a connection (the push outbox); the same as `db` on the embedded database or
   * when no such pool is asked for.
   */
  jobsDb: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/** A hot-path statement sent as text: prepared once per connection on PostgreSQL (by name), parsed each time on PGlite. */
export type RawStatement = { name: string; text: string };

/**
 * The row type of a hand-written statement, derived from its table's row (`typeof t.$inferSelect`,
 * with its columns aliased to the table's property names): a timestamp comes back as a Date from
 * the pool and as text inside a transaction, so it is read with `new Date(...)`.
 */
export type RawRow<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K] };
type RawRunner = (q: RawStatement, values: unknown[]) => Promise<Record<string, unknown>[]>;
const rawRunners = new WeakMap<object, RawRunner>();

/** The rows of a statement run through the query builder's `execute`, from either driver (PGlite or node-postgres). */
export async function executeRows<T = Record<string, unknown>>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

const dialect = new PgDialect();

/**
 * Told of each statement `executePrepared` sends by name (which bypasses the query builder's
 * `execute`): for tests that count a call's statements.
 */
export const preparedWatchers = new Set<(prefix: string) => void>();

/**
 * A built statement run as a named prepared statement on PostgreSQL's pool: its name is `prefix` and
 * a hash of its text, so each shape of the statement (the values aside) is parsed once per
 * connection and PostgreSQL may keep its plan (a generic one, once it costs no more than the custom
 * ones), instead of planning a large statement on every call. Elsewhere (PGlite, or inside a
 * transaction) it runs as `executeRows` does.
 */
export async function executePrepared<T = Record<string, unknown>>(db: Tx, prefix: string, query: SQL): Promise<T[]> {
  const run = rawRunners.get(db);
  if (!run) return executeRows<T>(db, query);
  for (const seen of preparedWatchers) seen(prefix);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return run({ name, text }, params) as Promise<T[]>;
}

/**
 * Runs a hand-written statement on the database without the query builder: for the few calls on
 * every payment, where building the query costs more CPU than PostgreSQL spends running it.
 */
export async function rawQuery<T>(db: Tx, q: RawStatement, values: unknown[]): Promise<T[]> {
  const run = rawRunners.get(db);
  if (run) return run(q, values) as Promise<T[]>;
  // Inside a transaction: the same text, its $n placeholders bound through the transaction's handle.
  const parts = q.text.split(/\$(\d+)/);
  // Each value one parameter (sql.param), arrays included: the builder would spread a bare array into a list.
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
  return executeRows<T>(db, sql.join(chunks));
}

/** Attempts of a top-level transaction that loses a race (a deadlock or a serialization failure) before it answers 409. */
export const TRANSACTION_ATTEMPTS = 4;

const runOnceWork = new WeakSet<object>();

/**
 * Marks a transaction's work as never to be run a second time: when it loses a race it answers 409
 * `BUSY_RETRY` at once instead of being retried. For work with effects outside the database that
 * must not happen twice (the rest is rolled back before a retry, so it is safe to rerun).
 */
export function runOnce<W extends (tx: never) => Promise<unknown>>(work: W): W {
  runOnceWork.add(work);
  return work;
}

const raceCounts = new WeakMap<object, { retried: number; busy: number }>();

/**
 * Since this database was opened: how many top-level transactions lost a race and were run again
 * (`retried`, one per new attempt) and how many still lost on their last attempt (`busy`: answered 409).
 */
export function lostRaces(db: Db): { retried: number; busy: number } {
  return { retried: 0, busy: 0, ...raceCounts.get(db) };
}

/** A short wait before attempt `attempt + 1`: growing, with jitter so the two sides of a deadlock do not meet again. */
const backoffMs = (attempt: number) => Math.round(5 * 2 ** attempt * (0.5 + Math.random()));

/**
 * Every top-level `db.transaction(...)` of the app, installed where the database is opened: a
 * transaction that loses a race (40P01 deadlock, 40001 serialization failure) has been rolled back
 * whole, so its work runs again from the start in a fresh transaction, up to `TRANSACTION_ATTEMPTS`
 * times; then the caller gets the 409 `BUSY_RETRY` AppError. Savepoints (`tx.transaction`) are
 * methods of the transaction, not of the database: they are never retried on their own (their
 * error reaches the top-level transaction, which is retried whole).
 */
function retryLostRaces(db: Db): Db {
  const begin = db.transaction.bind(db) as (work: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  const counts = { retried: 0, busy: 0 };
  raceCounts.set(db, counts);
  const transaction = async (work: (tx: never) => Promise<unknown>, config?: unknown) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await begin(work, config);
      } catch (err) {
        if (!hasSqlState(err, LOST_RACE_SQLSTATES)) throw err;
        if (attempt >= TRANSACTION_ATTEMPTS || runOnceWork.has(work)) {
          counts.busy++;
          throw busy();
        }
        counts.retried++;
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
      }
    }
  };
  Object.defineProperty(db, 'transaction', { value: transaction, writable: true, configurable: true });
  return db;
}

export type OpenOptions = {
  databaseUrl?: string;
  /** PostgreSQL connections in the pool (default 10). */
  poolSize?: number;
  /** PostgreSQL connections of the background jobs' own pool (`jobsDb`); none by default (they share the pool). */
  jobsPoolSize?: number;
  /** PGlite data directory, or 'memory://' for a throwaway database. */
  pgliteDir?: string;
  /** Create and use a fresh PostgreSQL database of this name, dropped on close (tests isolate each suite so). */
  pgDatabase?: string;
  /** With `pgDatabase`: copy it from this (already migrated) database instead of an empty one. */
  pgTemplate?: string;
  /** Start the embedded database from this data directory image (`dumpDataDir`) instead of an empty one. */
  pgliteImage?: Blob;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    let url = opts.databaseUrl;
    const name = opts.pgDatabase;
    if (name) {
      const template = opts.pgTemplate;
      if (![name, template ?? 'x'].every((n) => /^[a-z_][a-z0-9_]*$/.test(n))) throw new Error('invalid database name');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      await admin.end();
      const u = new URL(url);
      u.pathname = `/${name}`;
      url = u.toString();
    }
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    // An idle connection the server drops (a restart, a terminated backend) must not crash the
    // process: the pool discards it and opens another on the next query.
    pool.on('error', (err) => console.warn(`database: an idle connection was closed (${err.message})`));
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    rawRunners.set(db, async (q, values) => (await pool.query({ name: q.name, text: q.text, values })).rows);
    const instance = await postgresInstance(db as unknown as Db, url);
    // Opened lazily, like the main pool: no connection until a job uses it.
    const jobsPool = opts.jobsPoolSize ? new pg.Pool({ connectionString: url, max: opts.jobsPoolSize }) : null;
    jobsPool?.on('error', (err) => console.warn(`database: an idle jobs connection was closed (${err.message})`));
    const jobsDb = jobsPool ? drizzlePg(jobsPool) : null;
    if (jobsDb && jobsPool)
      rawRunners.set(jobsDb, async (q, values) => (await jobsPool.query({ name: q.name, text: q.text, values })).rows);
    const close = async () => {
      await instance.close();
      await jobsPool?.end();
      await pool.end();
      if (name) {
        const admin = new pg.Client({ connectionString: opts.databaseUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    };
    const main = retryLostRaces(db as unknown as Db);
    return { db: main, jobsDb: jobsDb ? retryLostRaces(jobsDb as unknown as Db) : main, kind: 'postgres', close };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  const client = await PGlite.create(dir === 'memory://' ? undefined : path.resolve(dir), {
    extensions: PGLITE_EXTENSIONS,
    ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}),
  });
  const pdb = drizzlePglite(client);
  await migratePglite(pdb, { migrationsFolder: MIGRATIONS_DIR });
  rawRunners.set(pdb, async (q, values) => (await client.query<Record<string, unknown>>(q.text, values)).rows);
  embeddedInstance(pdb as unknown as Db, client);
  const db = retryLostRaces(pdb as unknown as Db);
  return { db, jobsDb: db, kind: 'pglite', close: () => client.close() };
}
