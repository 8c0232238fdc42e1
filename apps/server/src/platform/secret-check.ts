import { sql } from 'drizzle-orm';
import { keyedHash } from './crypto.js';
import { executeRows, type Db } from './db.js';

// APP_SECRET seals what must be read back (staff authenticator keys) and keys every token hash.
// A server or command run with another secret than the one a database was set up with cannot
// read those: the database keeps a fingerprint (a keyed hash of a fixed text, which does not
// reveal the secret) so that it can be told plainly instead of failing later.

const fingerprintOf = (secret: string) => keyedHash(secret, 'owo app secret check v1');

/**
 * Records the secret's fingerprint if the database has none, and answers whether the secret is the
 * one the database was set up with (true when it is new here).
 */
export async function sameAppSecret(db: Db, secret: string): Promise<boolean> {
  const mine = fingerprintOf(secret);
  await executeRows(db, sql`INSERT INTO app_secret_check (id, fingerprint) VALUES (1, ${mine}) ON CONFLICT (id) DO NOTHING`);
  const [row] = await executeRows<{ fingerprint: string }>(db, sql`SELECT fingerprint FROM app_secret_check WHERE id = 1`);
  return row?.fingerprint === mine;
}

export const OTHER_SECRET_MESSAGE =
  'APP_SECRET is not the one this database was set up with: staff authenticator keys made under the other cannot be read. ' +
  'Run with the same APP_SECRET as the server (or, outside production, the same DATA_DIR, whose .secret file holds it).';

/** Records where this server serves the console, for `staff:create-admin` to print. */
export async function recordConsoleUrl(db: Db, url: string): Promise<void> {
  await executeRows(db, sql`UPDATE app_secret_check SET console_url = ${url} WHERE id = 1`);
}

/** Where the last server started on this database serves the console, if one has. */
export async function lastConsoleUrl(db: Db): Promise<string | null> {
  const [row] = await executeRows<{ console_url: string | null }>(db, sql`SELECT console_url FROM app_secret_check WHERE id = 1`);
  return row?.console_url ?? null;
}
