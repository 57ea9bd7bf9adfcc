import 'reflect-metadata';
import { INestApplicationContext, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { BEARER_DESCRIPTION, BEARER_SCHEME, documentScopes } from './api-keys';
import express, { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { stdSerializers } from 'pino';
import pinoHttp from 'pino-http';
import { AppModule } from './app.module';
import { batchBodyParser } from './batches';
import { trustFunction } from './common/client-ip';
import { ErrorsFilter } from './http/errors.filter';
import { FastPathRegistry } from './common/fast-path';
import { createRootLogger, NestPinoLogger } from './common/logger';
import { Env, parseEnv } from './config/env';
import { createDataSource } from './database/data-source';
import { assertDatabaseReachable } from './database/database-reachable';
import { EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';
import { clientWithErrorListener } from './database/pg-error-listeners';
import { assertRedisReachable, REDIS_NOT_PERSISTENT } from './redis/redis.module';

export interface RunningApp {
  env: Env;
  /** Base URL of the HTTP server (roles all and api). */
  url: string | null;
  /** The database it uses (the embedded PostgreSQL's when DATABASE_URL was not set). */
  databaseUrl: string;
  app: INestApplicationContext;
  server: Server | null;
  close(): Promise<void>;
}

/** Paths the built single-page frontend must not swallow. */
const SERVER_PATHS = /^\/(api|auth\/google|d\/|pdf\/|logo\/|uploads\/|image\/|images\/)/;

/** ioredis errors that a Redis outage causes and every caller already survives (timeouts, closed connections). */
const TRANSIENT_REDIS = /^(Command timed out|Connection is closed\.?|Stream isn't writeable and enableOfflineQueue options is false)$/;
let rejectionGuardInstalled = false;

/**
 * Defence in depth: ioredis can leave a rejected internal promise that no caller can handle (its own re-subscription
 * after a reconnect did, which is why pub/sub connections now re-subscribe themselves: docs/decisions.md); Node
 * would end the process for it. Those are logged and survived, so a Redis outage never takes the API down; any
 * other unhandled rejection still ends the process as Node does by default.
 */
function installRejectionGuard(log: (error: Error) => void) {
  if (rejectionGuardInstalled) return;
  rejectionGuardInstalled = true;
  process.on('unhandledRejection', (reason) => {
    if (reason instanceof Error && TRANSIENT_REDIS.test(reason.message)) return log(reason);
    throw reason;
  });
}

/** Runs the migrations once across concurrently starting processes (advisory lock). */
export async function migrate(databaseUrl: string): Promise<void> {
  const lock = clientWithErrorListener(new Client({ connectionString: databaseUrl }));
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('qrsharks:migrations'))");
    const dataSource = createDataSource(databaseUrl, { poolSize: 1, applicationName: 'qrsharks-migrate' });
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await lock.end();
  }
}

function frontendDist(env: Env): string | null {
  const candidates = [env.FRONTEND_DIST, resolve(__dirname, '../../frontend/dist'), resolve(__dirname, '../../../frontend/dist')].filter(
    Boolean,
  ) as string[];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** Security headers every answer carries; uploads and pages add their own where they need more. */
function securityHeaders(req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  // Behind https only (req.secure follows TRUST_PROXY): a browser that saw it never tries plain http again.
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
  next();
}

/**
 * The frontend's pages: scripts only from our origin and Stripe (Stripe.js, the pricing table), frames only
 * Stripe's, no plugins, no base or form redirection. Styles allow inline: MUI (emotion) and a tenant's custom CSS
 * are injected as <style> elements. Images may come from https (tenants' logo URLs), data: and blob: (previews).
 */
export const FRONTEND_CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com https://*.stripe.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Starts the product in one of its roles: `all` (API + worker + built frontend, the `npm start` default),
 * `api` (HTTP only) or `worker` (projections, scan ingester, queues; no HTTP).
 */
export async function bootstrap(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: { handleSignals?: boolean } = {},
): Promise<RunningApp> {
  const env = parseEnv({ ...process.env, ...overrides });
  const logger = createRootLogger(env.LOG_LEVEL);
  installRejectionGuard((error) => logger.warn({ error: error.message }, 'Redis command failed outside any caller (outage); continuing'));
  const redis = await assertRedisReachable(env.REDIS_URL);
  if (redis.persistent === false) logger.warn(REDIS_NOT_PERSISTENT);

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(env.EMBEDDED_PG_DIR, env.EMBEDDED_PG_PORT, (line) => logger.info(line));
    databaseUrl = embedded.url;
  } else {
    await assertDatabaseReachable(databaseUrl);
  }
  await migrate(databaseUrl);

  // rawBody: the JSON parser keeps the exact bytes too (req.rawBody): Stripe's webhook signature is over them.
  const nestOptions: NestApplicationOptions = { logger: new NestPinoLogger(logger), abortOnError: false, rawBody: true };
  const module = AppModule.forRoot(env, databaseUrl);

  if (env.ROLE === 'worker') {
    const app = await NestFactory.createApplicationContext(module, nestOptions);
    await app.init();
    const close = async () => {
      await app.close();
      await embedded?.stop();
    };
    if (options.handleSignals) handleSignals(close, logger.info.bind(logger));
    logger.info({ role: env.ROLE }, 'QR Code Sharks worker started');
    return { env, url: null, databaseUrl, app, server: null, close };
  }

  const expressApp = express();
  expressApp.disable('x-powered-by');
  // API answers carry no content-hash ETag: the codes feature sets `ETag: "<version>"` itself (If-Match compares it);
  // express.static keeps its own ETags for the frontend's files.
  expressApp.set('etag', false);
  // TRUST_PROXY as Express's own trust function: req.ip is the right-most untrusted X-Forwarded-For hop, the same rule
  // the /d/ fast path applies (common/client-ip.ts).
  expressApp.set('trust proxy', trustFunction(env.TRUST_PROXY));
  expressApp.use(securityHeaders);
  expressApp.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    next();
  });
  if (env.LOG_LEVEL !== 'silent') {
    expressApp.use(
      pinoHttp({
        logger,
        genReqId: (_req, res) => String(res.getHeader('X-Request-Id')),
        autoLogging: { ignore: (req) => req.url === '/api/health' },
        // A request's line names what an operator looks for (id, method, path, caller, status, time), no headers: the
        // default serialisers copied every request and response header into a child logger per request and the line
        // (issue 31: the middleware every /api request crosses), and the cookie had to be redacted out again.
        wrapSerializers: false,
        serializers: {
          req: (req: IncomingMessage & { id?: unknown }) => ({
            id: req.id,
            method: req.method,
            url: req.url,
            remoteAddress: req.socket?.remoteAddress,
          }),
          res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
          err: stdSerializers.err,
        },
      }),
    );
  }

  // Before the application's JSON parser (100 kB): a batch's rows have their own bound (batches/batch-body.ts).
  expressApp.post('/api/batches', batchBodyParser(env));

  const app = await NestFactory.create<NestExpressApplication>(module, new ExpressAdapter(expressApp), nestOptions);
  app.useGlobalFilters(new ErrorsFilter());
  const openApi = new DocumentBuilder()
    .setTitle('QR Code Sharks API')
    .setDescription(
      'Every call of the product. Signed-in calls use the session cookie qrs.sid; state-changing calls from a browser must come from the ' +
        "site's own origin. Scripts call the routes that name an API key scope with `Authorization: Bearer <key>` (the apiKey scheme).",
    )
    .setVersion('1')
    .addCookieAuth('qrs.sid')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'qrs_live_…', description: BEARER_DESCRIPTION }, BEARER_SCHEME)
    .build();
  // Built at the first request for it: the fast paths (registered at init) bring their own descriptions.
  SwaggerModule.setup('api/docs', app, () => {
    const document = SwaggerModule.createDocument(app, openApi);
    for (const { documented } of app.get(FastPathRegistry).registered()) Object.assign(document.paths, documented);
    return documentScopes(document, 'cookie');
  });

  const dist = frontendDist(env);
  if (dist) {
    const assets = express.static(dist, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        if (path.endsWith('.html')) res.setHeader('Content-Security-Policy', FRONTEND_CSP);
      },
    });
    // The server's own paths never look on disk: a stat of dist/api/... for every API call was 5% of the API's CPU
    // under load (bench/dashboard).
    app.use((req: Request, res: Response, next: NextFunction) => (SERVER_PATHS.test(req.path) ? next() : assets(req, res, next)));
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || SERVER_PATHS.test(req.path) || !req.accepts('html')) return next();
      res.setHeader('Content-Security-Policy', FRONTEND_CSP);
      res.sendFile(join(dist, 'index.html'));
    });
  }
  await app.init();

  const fastPaths = app.get(FastPathRegistry);
  const server = createServer((req, res) => {
    const fast = fastPaths.match(req.url);
    if (fast) fast(req, res);
    else expressApp(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolveListen());
  });
  const address = server.address() as AddressInfo;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const url = `http://${host}:${address.port}`;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // Stop taking connections, let in-flight requests finish, then stop runners and pools.
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      });
      await app.close();
      await embedded?.stop();
    })());
  if (options.handleSignals) handleSignals(close, logger.info.bind(logger));
  logger.info({ role: env.ROLE, url, frontend: dist ?? 'not built' }, `QR Code Sharks listening on ${url}`);
  return { env, url, databaseUrl, app, server, close };
}

export function handleSignals(close: () => Promise<void>, log: (message: string) => void) {
  let first = 0;
  const onSignal = (signal: string) => {
    // A second signal ends the process at once, unless it is the same stop arriving twice: Ctrl-C reaches every
    // process of the terminal's group, and a cluster's primary also asks its HTTP processes to stop.
    if (first !== 0) {
      if (Date.now() - first > 1000) process.exit(1);
      return;
    }
    first = Date.now();
    log(`${signal} received: shutting down gracefully`);
    close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}
