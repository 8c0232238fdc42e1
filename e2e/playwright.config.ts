import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3310);
const DATA_DIR = new URL(`./.data-${PORT}`, import.meta.url).pathname;
export const baseURL = `http://127.0.0.1:${PORT}`;
/** The stand-in of a provider's settlement service (scripts/settlement-stand-in.mjs): console-recon.spec.ts seeds its report. */
export const SETTLEMENT_URL = `http://127.0.0.1:${PORT + 1000}`;
/** The operator console's first admin, made by its command before the server starts (console.spec.ts signs in with it). */
export const CONSOLE_ADMIN = {
  file: `${DATA_DIR}/console-admin.json`,
  email: 'admin@console.e2e.owo.ng',
  name: 'Adaeze Admin',
  password: 'console e2e admin passphrase',
};

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, browserName: 'chromium' as const };

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    // Every browser starts as the journeys' device (tests/helpers.ts, E2E_DEVICE), which people made
    // through the API logged in from first: a login needs no new-device code unless a test asks for one.
    storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: 'owo.device', value: 'e2e-journeys-browser' }] }] },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      use: { ...phone },
      testIgnore: /chat(-groups)?\.spec\.ts/,
    },
    {
      // Chat with calls (1:1 and group): a fake camera and microphone, allowed without asking.
      name: 'calls',
      use: {
        ...phone,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [...chromiumArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
        },
      },
      testMatch: /chat(-groups)?\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: `node scripts/settlement-stand-in.mjs ${PORT + 1000}`,
      url: `${SETTLEMENT_URL}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
    },
    {
      // A fresh embedded database per run; the built web app is served by the API server itself,
      // run from its compiled bundle as `npm start` runs it (compiled first: it takes a second). The
      // suite signs up a few dozen people from one address: the sign-up limit (tested by the server's
      // own tests) is raised for it. The operator console's first admin is made by its command first
      // (as an operator would), its secret and recovery codes kept in the data directory for the test.
      // The journeys fund new people with large sums in one card payment: KYC Tier 1's per-deposit and
      // balance caps are lifted for them (KYC_TIERS); its daily cap stays, which kyc.spec drives, and
      // the server's own tests check every cap at its default.
      // SECRET_HASH_COST=test: password and PIN hashes at a tiny cost, as the journeys sign up many people.
      command:
        `npm run build -w @owo/server && rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && ` +
        `DATA_DIR=${DATA_DIR} NODE_ENV=development STAFF_ADMIN_PASSWORD='${CONSOLE_ADMIN.password}' npm run -s staff:create-admin -w @owo/server -- ` +
        `--email ${CONSOLE_ADMIN.email} --name '${CONSOLE_ADMIN.name}' --json > ${CONSOLE_ADMIN.file} && ` +
        `DATA_DIR=${DATA_DIR} PORT=${PORT} HOST=127.0.0.1 NODE_ENV=development SECRET_HASH_COST=test LOG_LEVEL=warn LOAN_MIN_ACCOUNT_DAYS=0 RATE_LIMIT_SIGNUP=1000 KYC_TIERS=-:-:50000,100000:500000:200000,-:-:5000000 ` +
        `CONSOLE_URL=${baseURL}/console SETTLEMENT_URL=${SETTLEMENT_URL} node --enable-source-maps ../apps/server/dist/main.js`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
