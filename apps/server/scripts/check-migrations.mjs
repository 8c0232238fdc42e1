// Fails when the Drizzle tables and the committed migrations disagree: generate must have nothing to write.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('../drizzle/', import.meta.url);
const before = readdirSync(dir).sort().join('\n');
const out = execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'drift_check'], {
  cwd: new URL('..', import.meta.url),
  encoding: 'utf8',
});
const after = readdirSync(dir).sort().join('\n');
if (before !== after || !/No schema changes/i.test(out)) {
  console.error(out);
  console.error('Migrations are out of date: run `npm run db:generate` and commit the result.');
  process.exit(1);
}
console.log('migrations: up to date');
