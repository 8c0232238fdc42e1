import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './platform/app.js';
import { loadConfig, type Config } from './platform/config.js';
import { openDatabase } from './platform/db.js';
import { OTHER_SECRET_MESSAGE, recordConsoleUrl, sameAppSecret } from './platform/secret-check.js';
import { DEMO_PASSWORD, DEMO_PIN, DEMO_TIER1_USER, DEMO_USERS, seedDemo } from './seed.js';
import { allServices, buildProviders } from './services/index.js';
import { uploadProviders } from './services/upload/index.js';

// A setting that is wrong (or missing in production) stops the start with its message alone.
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
if (config.isProduction && !config.databaseUrl) {
  console.warn(
    'Warning: running in production on the embedded database (ALLOW_EMBEDDED_DATABASE=true). It does not fsync: a power cut can lose the last writes. Set DATABASE_URL to use PostgreSQL.',
  );
}
const open = () => {
  if (config.databaseUrl)
    return openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, jobsPoolSize: config.databaseJobsPoolSize });
  // DATA_DIR may not exist yet (with APP_SECRET given, nothing else has written to it).
  mkdirSync(config.dataDir, { recursive: true });
  return openDatabase({ pgliteDir: path.join(config.dataDir, 'pglite') });
};
const where = `http://localhost:${config.port}`;
const multi = config.workers > 1 && Boolean(config.databaseUrl);
if (config.workers > 1 && !config.databaseUrl)
  console.warn('WORKERS needs DATABASE_URL (the embedded database is one process); running one process.');

/** Tells (loudly, once) when APP_SECRET is not the one the database was set up with; records the console's address. */
async function checkSecret(db: Parameters<typeof sameAppSecret>[0]) {
  if (!(await sameAppSecret(db, config.secret))) console.error(`\nWarning: ${OTHER_SECRET_MESSAGE}\n`);
  await recordConsoleUrl(db, config.staff.consoleUrl);
}

function banner(kind: string) {
  console.log(`\nOwo is running at ${where}  (API docs: ${where}/api/docs)`);
  console.log(
    `Database: ${kind === 'pglite' ? `embedded, in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}${multi ? `, ${config.workers} server processes` : ''}`,
  );
  if (config.seedDemo) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}, transaction PIN ${DEMO_PIN}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.firstName} ${u.lastName}: ${u.email} or ${u.phoneNumber}`);
    const t = DEMO_TIER1_USER;
    console.log(`  ${t.firstName} ${t.lastName} (KYC Tier 1, to try the limits and the upgrade): ${t.email} or ${t.phoneNumber}`);
  }
}

if (multi && cluster.isPrimary) {
  // Migrate and seed once, then start the workers; they share the port.
  const database = await open();
  if (config.seedDemo) await seedDemo(database.db, uploadProviders(config).storage);
  await checkSecret(database.db);
  await database.close();
  for (let i = 0; i < config.workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (code !== 0) {
      console.error(`worker ${worker.process.pid} exited with ${code}; starting another`);
      cluster.fork();
    }
  });
  banner('postgres');
  const stop = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} else {
  const database = await open();
  const app = await buildApp({
    config,
    db: database.db,
    jobsDb: database.jobsDb,
    services: allServices,
    providers: buildProviders(config, database.db),
  });
  if (!multi && config.seedDemo && (await seedDemo(database.db, uploadProviders(config).storage))) app.log.info('seeded demo data');
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (!multi) {
    await checkSecret(database.db);
    banner(database.kind);
  }
}
