// `npm run staff:create-admin -w @owo/server -- --email ada@owo.ng --name "Ada Obi" [--json]`
//
// Creates an admin of the operator console on the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR: stop the server first, the embedded database is one process's). The
// web never creates an admin; this command is the only way to make the first one. The password is
// read from STAFF_ADMIN_PASSWORD, or typed (hidden) when run in a terminal, or the first line of
// standard input. It prints, once, the authenticator secret (and its otpauth:// address, for a QR
// code) and ten recovery codes: keep them; nobody can show them again.
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { addStaffBody, staffPassword } from '@owo/contracts';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db.js';
import { lastConsoleUrl, OTHER_SECRET_MESSAGE, sameAppSecret } from '../src/platform/secret-check.js';
import { createAdmin } from '../src/services/staff/index.js';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean', default: false } },
});
if (!values.email || !values.name) {
  console.error('usage: npm run staff:create-admin -w @owo/server -- --email <email> --name "<full name>" [--json]');
  process.exit(2);
}

const who = addStaffBody.pick({ email: true, name: true }).safeParse({ email: values.email, name: values.name });
if (!who.success) {
  console.error(who.error.issues[0]?.message ?? 'The email or name is not valid');
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (process.env.STAFF_ADMIN_PASSWORD) return process.env.STAFF_ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    process.stdout.write('Password for the new admin (12 characters or more): ');
    // Nothing typed is echoed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  }
  const line = await new Promise<string>((resolve) => rl.once('line', resolve).once('close', () => resolve('')));
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return line;
}

const password = staffPassword.safeParse(await readPassword());
if (!password.success) {
  console.error(password.error.issues[0]?.message ?? 'The password is not valid');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
);
try {
  // An admin made under another secret than the server's could never sign in: refuse first.
  if (!(await sameAppSecret(database.db, config.secret))) throw new Error(OTHER_SECRET_MESSAGE);
  const consoleUrl = process.env.CONSOLE_URL ? config.staff.consoleUrl : ((await lastConsoleUrl(database.db)) ?? config.staff.consoleUrl);
  const admin = await createAdmin(database.db, config.secret, { ...who.data, password: password.data });
  if (values.json) {
    console.log(JSON.stringify(admin));
  } else {
    console.log(`Admin ${admin.email} created.\n`);
    console.log('Add this key to an authenticator app (Google Authenticator, Authy, 1Password...):');
    console.log(`  ${admin.totpSecret}`);
    console.log(`or open this address as a QR code:\n  ${admin.otpauthUrl}\n`);
    console.log('Recovery codes (each works once instead of a code, if the phone is lost). Keep them safe; they are not shown again:');
    for (const c of admin.recoveryCodes) console.log(`  ${c}`);
    console.log(`\nSign in at ${consoleUrl}`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}
