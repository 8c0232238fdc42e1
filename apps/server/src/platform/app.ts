import { existsSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { registerAuth, type Authenticator } from './auth.js';
import { registerStaffAuth, type StaffAuthenticator } from './staff-auth.js';
import { instanceOf } from './instance.js';
import { JobRunner } from './jobs.js';
import { requireDeclaredRoutes } from './route.js';
import type { Config, ServiceName } from './config.js';
import { useSecretHashCost } from './crypto.js';
import type { Db } from './db.js';
import { AppError } from './errors.js';
import { frameworkErrors, registerErrorHandling, registerNotFound } from './http.js';
import { registerInputGuard } from './input-guard.js';
import { registerRouteReplay } from './idempotency.js';
import { loggerOptions, requestId } from './logger.js';
import { registerMetrics } from './metrics.js';
import { Notifier, type EmailProvider, type SmsProvider } from './notifications.js';
import { registerDevRoutes } from './dev-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The database through the jobs' own connections (`DATABASE_JOBS_POOL_SIZE`), for the push outbox's jobs; `db` otherwise. */
    jobsDb: Db;
    notifier: Notifier;
    /** Background jobs: a service declares its own with `app.jobs.add` (platform/jobs.ts). */
    jobs: JobRunner;
    redis: Redis | null;
    /** Adds a part to the health check's answer (`/api/health`): a service's own state, e.g. its search index. */
    healthPart(name: string, read: () => unknown): void;
  }
}

/**
 * What the platform itself needs from outside: the SMS and email gateways the notifier sends
 * through, the authenticator behind the auth hooks (the user service's sessions and PINs) and the
 * staff authenticator behind the `staff` guard (the staff service's sessions).
 */
export type PlatformProviders = {
  sms: SmsProvider;
  email: EmailProvider;
  authenticator: Authenticator;
  staffAuthenticator: StaffAuthenticator;
};

/**
 * The one way a service gets the outside systems it uses (bank rail, card acquirer, bill vendor,
 * blob storage...): its plugin is registered with the app's providers, made in one place from the
 * config with sandbox defaults (`buildProviders` in services/index.ts) and overridden the same way
 * in tests. A plugin declares what it needs as `P`; the app passes them all.
 */
export type ServiceOptions<P> = { providers: P };

export type ServiceModule<P = unknown> = {
  name: ServiceName;
  plugin: FastifyPluginAsync<ServiceOptions<P>>;
  /** Work on the database before the app serves anything (run once per function, for every module given). */
  init?: (db: Db) => Promise<void>;
};

export type AppDeps<P extends PlatformProviders> = {
  config: Config;
  db: Db;
  /** Connections of their own for background jobs that must not queue behind requests (default: `db`). */
  jobsDb?: Db;
  services: ServiceModule<P>[];
  providers: P;
  logStream?: DestinationStream;
};

export async function buildApp<P extends PlatformProviders>(deps: AppDeps<P>): Promise<FastifyInstance> {
  const { config } = deps;
  useSecretHashCost(config.secretHashCost);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // Each request's id (`reqId` in its log lines, echoed in `x-request-id`): a sane incoming
    // x-request-id, or a random UUID (see requestId; the header is read there, not taken raw).
    requestIdHeader: false,
    genReqId: requestId,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  for (const init of new Set(deps.services.map((s) => s.init).filter((f) => f !== undefined))) await init(deps.db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  const { providers } = deps;
  const notifier = new Notifier(deps.db, providers.sms, providers.email, config.mailFrom, app.log, !config.isProduction);

  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('jobsDb', deps.jobsDb ?? deps.db);
  app.decorate('notifier', notifier);
  const instance = instanceOf(deps.db);
  const jobs = new JobRunner(deps.db, app.log, instance.id, (owner) => instance.isAlive(owner));
  app.decorate('jobs', jobs);
  const healthParts = new Map<string, () => unknown>();
  app.decorate('healthPart', (name: string, read: () => unknown) => {
    healthParts.set(name, read);
  });
  // Texts and emails are claimed row by row, so every process drains the outbox; a turn that took no row is idle.
  jobs.add({
    name: 'platform.outbox',
    periodMs: config.outboxDrainMs,
    idleMs: config.jobsIdleMs,
    wake: 'write',
    scope: 'process',
    run: () => notifier.drain(),
  });
  // Any write may have given the frequent jobs work (a notification, a text, a post to fan out):
  // those declared `wake: 'write'` take a turn now rather than at their next idle look.
  app.addHook('onResponse', (req, reply, done) => {
    if (WRITES.has(req.method) && reply.statusCode >= 200 && reply.statusCode < 300) jobs.written();
    done();
  });
  app.decorate('redis', redis);
  registerAuth(app, providers.authenticator);
  registerStaffAuth(app, providers.staffAuthenticator);
  registerErrorHandling(app);
  registerInputGuard(app);
  if (config.metrics !== false) registerMetrics(app, deps.db, config.metrics);

  // Security headers: helmet's choice, worked out once at start-up (none depends on the request)
  // and added to every reply as one object, rather than running helmet's eleven middlewares on
  // every request.
  const securityHeaders = staticHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(config.s3?.publicUrl ? [config.s3.publicUrl] : [])],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
        },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  // The web app's hashed files (scripts, styles) need only the headers that apply to a
  // sub-resource; the document-level ones (CSP, framing, referrer, HSTS, which the document's own
  // answer carries) cost bytes on each of the thirty-odd files a screen loads on a slow connection,
  // and do nothing there. Being immutable, they are never revalidated or fetched in ranges either
  // (no ETag, no Accept-Ranges), and their requests are not logged by id (no x-request-id).
  const assetHeaders = Object.fromEntries(
    Object.entries(securityHeaders).filter(([name]) => ['x-content-type-options', 'cross-origin-resource-policy'].includes(name)),
  );
  const isAsset = (url: string) => url.startsWith('/assets/');
  app.addHook('onRequest', (req, reply, done) => {
    if (isAsset(req.url)) reply.headers(assetHeaders);
    else reply.headers(securityHeaders).header('x-request-id', req.id);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isAsset(req.url) && reply.statusCode === 200) {
      reply.removeHeader('etag');
      reply.removeHeader('accept-ranges');
    }
    done(null, payload);
  });
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: false });
  // Replies above 1 KB go compressed to clients that ask (brotli at a quality fit for replies made
  // per request; the web app's files are compressed at build time and served as they are).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}-rl:` } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, 'RATE_LIMITED', `Too many attempts. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Owo API',
        version: '0.1.0',
        description:
          'Every service of the Owo super app. Money is integer kobo. Success replies are `{status: true, message, data}`; failures `{status: false, message, code, description?, errors?}`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          transactionPin: { type: 'apiKey', in: 'header', name: 'transactionPin' },
          staffAuth: { type: 'http', scheme: 'bearer', description: 'a staff session (operator console), never a customer token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await deps.db.execute(sql`select 1`);
    if (redis) await redis.ping();
    return {
      status: true,
      message: 'ok',
      data: {
        db: 'ok',
        redis: redis ? 'ok' : 'not configured',
        services: deps.services.map((s) => s.name).filter((n) => config.services.includes(n)),
        ...Object.fromEntries([...healthParts].map(([name, read]) => [name, read()])),
      },
    };
  });

  if (!config.isProduction) registerDevRoutes(app);

  registerRouteReplay(app, deps.db);
  requireDeclaredRoutes(app);
  for (const svc of deps.services) {
    if (config.services.includes(svc.name)) await app.register(svc.plugin, { prefix: `/api/${svc.name}`, providers });
  }

  const webServed = config.serveWeb && registerWeb(app, config.webDist);
  const consoleServed = config.serveWeb && registerConsole(app, config.consoleDist, !webServed);
  registerNotFound(app, webServed, consoleServed ? config.consoleDist : null);

  app.addHook('onReady', async () => {
    if (config.jobs) jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await notifier.stop();
    if (redis) redis.disconnect();
  });
  return app;
}

/** The methods whose successful requests wake the jobs declared `wake: 'write'`. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Serves the built web app, if it is built; returns whether it is. */
function registerWeb(app: FastifyInstance, dist: string): boolean {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web app not built at ${dist}; run npm run build`);
    return false;
  }
  void app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    // The build writes a .br and a .gz beside each text file; the client gets the best it accepts.
    preCompressed: true,
    // Hashed files never change and the rest are revalidated by ETag: Last-Modified would only add
    // bytes to every one of the first screen's responses.
    lastModified: false,
    setHeaders(reply, file) {
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * Serves the operator console (apps/console), if it is built, at /console: an app of its own, which
 * the customer app never loads. Returns whether it is built.
 */
function registerConsole(app: FastifyInstance, dist: string, decorateReply: boolean): boolean {
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn(`operator console not built at ${dist}; run npm run build`);
    return false;
  }
  void app.register(fastifyStatic, {
    root: dist,
    prefix: '/console/',
    // `reply.sendFile` is the customer app's when that is served (the not-found handler names the root).
    decorateReply,
    wildcard: false,
    setHeaders(reply, file) {
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * The headers a request-independent middleware (helmet's) sets, read by running it once against a
 * recording response. A middleware that reads the request or fails would not be request-independent.
 */
function staticHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let finished = false;
  let failed: unknown;
  middleware({} as IncomingMessage, res, (err) => {
    finished = true;
    failed = err;
  });
  // Not finished at once (or failed): its headers are not known at start-up.
  if (!finished || failed) throw (failed as Error) ?? new Error('security headers: the middleware did not finish at once');
  return headers;
}
