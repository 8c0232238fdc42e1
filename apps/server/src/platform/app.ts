import { existsSync } from 'node:fs';
import path from 'node:path';
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
import { registerAuth } from './auth.js';
import type { Config, ServiceName } from './config.js';
import type { Db } from './db.js';
import { AppError } from './errors.js';
import { registerErrorHandling, registerNotFound } from './http.js';
import { loggerOptions } from './logger.js';
import { Notifier, sandboxEmail, sandboxSms, smtpEmail, type EmailProvider, type SmsProvider } from './notifications.js';
import { createStorage, type BlobStorage } from './storage.js';
import { registerDevRoutes } from './dev-routes.js';
import { openSystemAccounts } from '../ledger/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    notifier: Notifier;
    storage: BlobStorage;
    redis: Redis | null;
  }
}

export type ServiceModule = { name: ServiceName; plugin: FastifyPluginAsync };

export type AppDeps = {
  config: Config;
  db: Db;
  services: ServiceModule[];
  sms?: SmsProvider;
  email?: EmailProvider;
  storage?: BlobStorage;
  logStream?: DestinationStream;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await openSystemAccounts(deps.db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : null;
  const email = deps.email ?? (config.smtpUrl ? smtpEmail(config.smtpUrl) : sandboxEmail);
  const notifier = new Notifier(deps.db, deps.sms ?? sandboxSms, email, config.mailFrom, app.log, !config.isProduction);

  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('notifier', notifier);
  app.decorate('storage', deps.storage ?? createStorage(config));
  app.decorate('redis', redis);
  registerAuth(app);
  registerErrorHandling(app);

  // Security headers: helmet's choice, worked out once at start-up (none depends on the request)
  // and added to every reply as one object, rather than running helmet's eleven middlewares on
  // every request.
  const securityHeaders = staticHeaders(helmet({
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
  }));
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins, credentials: false });

  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis ? { redis, nameSpace: 'owo-rl:' } : {}),
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
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await deps.db.execute(sql`select 1`);
    if (redis) await redis.ping();
    return { status: true, message: 'ok', data: { db: 'ok', redis: redis ? 'ok' : 'not configured', services: deps.services.map((s) => s.name).filter((n) => config.services.includes(n)) } };
  });

  if (!config.isProduction) registerDevRoutes(app);

  for (const svc of deps.services) {
    if (config.services.includes(svc.name)) await app.register(svc.plugin, { prefix: `/api/${svc.name}` });
  }

  registerNotFound(app, config.serveWeb && registerWeb(app, config.webDist));

  app.addHook('onClose', async () => {
    await notifier.stop();
    if (redis) redis.disconnect();
  });
  return app;
}

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
    setHeaders(reply, file) {
      reply.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

/**
 * The headers a request-independent middleware (helmet's) sets, read by running it once against a
 * recording response. A middleware that reads the request or fails would not be request-independent.
 */
function staticHeaders(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void): Record<string, string> {
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
