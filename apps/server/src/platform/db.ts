import path from 'node:path';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema.js';
import { embeddedInstance, postgresInstance } from './instance.js';
import { SERVER_ROOT } from './paths.js';

/**
 * Extensions the migrations create (PostgreSQL ships them in contrib): pg_trgm for typo-tolerant
 * search, cube and earthdistance for nearby shops.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/** A hot-path statement sent as text: prepared once per connection on PostgreSQL (by name), parsed each time on PGlite. */
export type RawStatement = { name: string; text: string };
type RawRunner = (q: RawStatement, values: unknown[]) => Promise<Record<string, unknown>[]>;
const rawRunners = new WeakMap<object, RawRunner>();

/** The rows of a statement run through the query builder's `execute`, from either driver (PGlite or node-postgres). */
export async function executeRows<T = Record<string, unknown>>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
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
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
  return executeRows<T>(db, sql.join(chunks));
}

export type OpenOptions = {
  databaseUrl?: string;
  /** PostgreSQL connections in the pool (default 10). */
  poolSize?: number;
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
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    rawRunners.set(db, async (q, values) => (await pool.query({ name: q.name, text: q.text, values })).rows);
    const instance = await postgresInstance(db as unknown as Db, url);
    const close = async () => {
      await instance.close();
      await pool.end();
      if (name) {
        const admin = new pg.Client({ connectionString: opts.databaseUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    };
    return { db: db as unknown as Db, kind: 'postgres', close };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  const client = await PGlite.create(dir === 'memory://' ? undefined : path.resolve(dir), {
    extensions: PGLITE_EXTENSIONS,
    ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}),
  });
  const pdb = drizzlePglite(client, { schema });
  await migratePglite(pdb, { migrationsFolder: MIGRATIONS_DIR });
  rawRunners.set(pdb, async (q, values) => (await client.query<Record<string, unknown>>(q.text, values)).rows);
  embeddedInstance(pdb as unknown as Db, client);
  return { db: pdb as unknown as Db, kind: 'pglite', close: () => client.close() };
}
