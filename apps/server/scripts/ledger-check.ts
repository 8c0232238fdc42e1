// Verifies the ledger's invariants on the configured database (DATABASE_URL, or the embedded one
// in DATA_DIR) and exits non-zero on any breach.
import path from 'node:path';
import { checkLedger } from '../src/ledger/index.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db.js';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
);
try {
  const r = await checkLedger(database.db);
  console.log(`ledger: ${r.accounts} accounts, ${r.transfers} transfers`);
  console.log(`  sum of posted balances: ${r.postedSum} (must be 0); of pending: ${r.pendingSum} (must be 0)`);
  console.log(`  accounts whose counters differ from their transfers: ${r.counterMismatches.length}`);
  console.log(`  overdrawn user accounts: ${r.overdrawn.length}`);
  console.log(`  transfers naming an account that does not exist: ${r.danglingTransfers.length}`);
  for (const m of r.counterMismatches.slice(0, 20)) console.log(`    counters wrong: ${m.id} (${m.code})`);
  for (const d of r.danglingTransfers.slice(0, 20)) console.log(`    missing account: transfer ${d}`);
  for (const o of r.overdrawn.slice(0, 20)) console.log(`    overdrawn: ${o.id} (${o.code}) ${o.available}`);
  console.log(r.ok ? 'ledger: OK' : 'ledger: BREACH');
  process.exitCode = r.ok ? 0 : 1;
} finally {
  await database.close();
}
