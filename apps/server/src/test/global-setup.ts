import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDatabase, PGLITE_EXTENSIONS } from '../platform/db.js';
import { randomDigits } from '../platform/crypto.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's data directory image (a file), copied by every test file's database. */
    pgliteImage: string;
    /** A migrated PostgreSQL database every test file's database is created from (with DATABASE_URL). */
    pgTemplate: string;
  }
}

/**
 * Runs the migrations once per test run instead of once per test file: on the embedded database
 * into an image each file's fresh database starts from (PGlite's `loadDataDir`), on PostgreSQL
 * into a template database each file's database is created from. The files' own databases are
 * still fresh and private; only the time to build the schema is shared.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `owo_tpl_${Date.now().toString(36)}_${randomDigits(6)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    // Migrated, then closed: a template must have no open connections while copied.
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteImage', '');
    return async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  const image = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(tmpdir(), `owo-pglite-${Date.now().toString(36)}-${randomDigits(6)}.tar`);
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  project.provide('pgTemplate', '');
  return () => rmSync(file, { force: true });
}
