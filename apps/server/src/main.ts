import path from 'node:path';
import { buildApp } from './platform/app.js';
import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db.js';
import { DEMO_PASSWORD, DEMO_PIN, DEMO_USERS, seedDemo } from './seed.js';
import { allServices } from './services/index.js';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
);
const app = await buildApp({ config, db: database.db, services: allServices });

if (config.seedDemo && (await seedDemo(database.db))) app.log.info('seeded demo data');
app.notifier.start();

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = `http://localhost:${config.port}`;
console.log(`\nOwo is running at ${where}  (API docs: ${where}/api/docs)`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded, in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}`);
if (config.seedDemo) {
  console.log(`Demo logins (password ${DEMO_PASSWORD}, transaction PIN ${DEMO_PIN}):`);
  for (const u of DEMO_USERS) console.log(`  ${u.firstName} ${u.lastName}: ${u.email} or ${u.phoneNumber}`);
}
