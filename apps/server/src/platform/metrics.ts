import { createServer, type IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { executeRows, type Db } from './db.js';

/**
 * Payments by type (`sendMoney`, `bankTransfer`, `airtime`, ...) and outcome (`successful`,
 * `failed`, `pending`), counted by the payment modules: `paymentsTotal.inc({ type, outcome })`.
 * It belongs to no registry of its own; every app with metrics on exposes it.
 */
export const paymentsTotal = new Counter({
  name: 'owo_payments_total',
  help: 'Payments by type and outcome',
  labelNames: ['type', 'outcome'] as const,
  registers: [],
});

/**
 * Time to post money through the ledger's SQL (the statement's round trip, inside the caller's
 * transaction), by path: `transfer` and `resolve` (the ledger module) and `send_money` (the
 * send-money statement, which posts through the same function).
 */
export const ledgerPostingSeconds = new Histogram({
  name: 'owo_ledger_posting_seconds',
  help: 'Time to post money through the ledger, by path',
  labelNames: ['path'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [],
});

/** Background jobs' runs by job and outcome (`ok`, `failed`), counted by the job runner (platform/jobs.ts). */
export const jobRunsTotal = new Counter({
  name: 'owo_job_runs_total',
  help: 'Background job runs by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  registers: [],
});

/** How long each background job's run took. */
export const jobRunSeconds = new Histogram({
  name: 'owo_job_run_seconds',
  help: 'Background job run time in seconds, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [],
});

/** How late a cluster job's latest run started after it was due (a backlog of work or stopped processes shows here). */
export const jobLagSeconds = new Gauge({
  name: 'owo_job_lag_seconds',
  help: 'Seconds between when a background job was due and when its latest run started',
  labelNames: ['job'] as const,
  registers: [],
});

/** Web Push deliveries by kind and outcome (`sent`, `retry`, `failed`, `gone`), counted by the notifications service. */
export const pushDeliveriesTotal = new Counter({
  name: 'owo_push_deliveries_total',
  help: 'Web Push deliveries by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  registers: [],
});

/** From the commit of the event to the push service's answer, by kind. */
export const pushDeliverySeconds = new Histogram({
  name: 'owo_push_delivery_seconds',
  help: 'Seconds from an event to its push being accepted by the push service, by kind',
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300],
  registers: [],
});

/** HTTP latency buckets (seconds) for an API: 5 ms to 5 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The label of requests no route matched (never the raw URL: one series per path probed). */
const UNMATCHED = 'unmatched';

let processRegistry: Registry | null = null;
/**
 * The process's own metrics (CPU, memory, event-loop lag, GC, handles), collected once per
 * process: they describe the process, not an app, and each collection would add its own GC
 * observer and event-loop monitor (tests build many apps in one process).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A row of one number from either driver (PGlite or node-postgres). */
async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number | null> {
  const [row] = await executeRows<{ v: number | string | null }>(db, query);
  const v = row?.v;
  return v === null || v === undefined ? null : Number(v);
}

/**
 * The app's registry: HTTP requests, the outbox backlog, the reconciler's lag, the database pool
 * (on PostgreSQL), payments, and the process's metrics. The database gauges are read on scrape,
 * one query each; a gauge whose query fails reads NaN (unknown) rather than failing the scrape.
 */
export function createMetrics(app: FastifyInstance, db: Db) {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route pattern, method and status code (errors: status_code 5xx)',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const failedRead = (what: string, gauge: Gauge, err: unknown) => {
    app.log.warn({ err }, `metrics: could not read ${what}`);
    gauge.set(NaN);
  };
  new Gauge({
    name: 'owo_outbox_pending',
    help: 'Texts and emails waiting in the outbox to be sent',
    registers,
    async collect() {
      try {
        this.set((await scalar(db, sql`SELECT count(*)::int AS v FROM outbox WHERE status = 'pending'`)) ?? 0);
      } catch (err) {
        failedRead('the outbox backlog', this, err);
      }
    },
  });
  new Gauge({
    name: 'owo_reconciler_lag_seconds',
    help: 'Age in seconds of the oldest payment waiting on an outside system (processing_since set); 0 when none is',
    registers,
    async collect() {
      try {
        const lag = await scalar(
          db,
          sql`SELECT extract(epoch FROM now() - min(processing_since))::float8 AS v FROM payment_intents WHERE processing_since IS NOT NULL`,
        );
        this.set(Math.max(0, lag ?? 0));
      } catch (err) {
        failedRead('the reconciler lag', this, err);
      }
    },
  });
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    new Gauge({
      name: 'owo_db_pool_connections',
      help: 'PostgreSQL connections open in the pool (busy or idle)',
      registers,
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'owo_db_pool_idle_connections',
      help: 'PostgreSQL connections open in the pool and idle',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'owo_db_pool_waiting_queries',
      help: 'Queries waiting for a PostgreSQL connection from the pool',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  registry.registerMetric(paymentsTotal);
  registry.registerMetric(ledgerPostingSeconds);
  for (const m of [jobRunsTotal, jobRunSeconds, jobLagSeconds]) registry.registerMetric(m);
  for (const m of [pushDeliveriesTotal, pushDeliverySeconds]) registry.registerMetric(m);
  // One registry for the app: its own metrics and the process's (the same metric objects).
  return { registry: Registry.merge([registry, processMetrics()]), requests, duration };
}

/**
 * A connection from this machine that no proxy forwarded. A reverse proxy on the same host
 * connects from loopback on behalf of anyone, so a request carrying forwarding headers is not
 * taken as local. The socket's address, not `request.ip`: with TRUST_PROXY, a client chooses `ip`.
 */
export function isLocalRequest(req: IncomingMessage): boolean {
  const addr = req.socket.remoteAddress ?? '';
  const loopback = addr.startsWith('127.') || addr === '::1' || addr.startsWith('::ffff:127.');
  return (
    loopback &&
    req.headers['x-forwarded-for'] === undefined &&
    req.headers.forwarded === undefined &&
    req.headers['x-real-ip'] === undefined
  );
}

/**
 * Prometheus metrics for the app (METRICS set): counts and times every request in one onResponse
 * hook, and serves the registry in the Prometheus text format at `GET /metrics`, either on the
 * main port to local clients only (`true`: anyone else gets the ordinary 404) or on a listener of
 * its own bound to 127.0.0.1 at `setting` (a port), opened when the app is ready and closed with it.
 */
export function registerMetrics(app: FastifyInstance, db: Db, setting: true | number): void {
  const { registry, requests, duration } = createMetrics(app, db);

  app.addHook('onResponse', (req, reply, done) => {
    const labels = { route: req.routeOptions.url ?? UNMATCHED, method: req.method, status_code: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  if (setting === true) {
    app.get('/metrics', { schema: { hide: true } }, async (req: FastifyRequest, reply) => {
      if (!isLocalRequest(req.raw)) {
        reply.callNotFound();
        return reply;
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
    return;
  }

  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Scrape failed\n');
      },
    );
  });
  app.addHook(
    'onReady',
    () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(setting, '127.0.0.1', () => {
          server.off('error', reject);
          app.log.info(`metrics at http://127.0.0.1:${setting}/metrics`);
          resolve();
        });
      }),
  );
  app.addHook(
    'onClose',
    () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
}
