import { Inject, Injectable, NestMiddleware, OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { Pool } from 'pg';
import { requestContext } from '../common/request-context';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    tenantId: number;
    /** users.auth_version at sign-in; a password change bumps it and ends older sessions. */
    authVersion: number;
  }
}

export const SESSION_COOKIE = 'qrs.sid';
export const SESSION_TABLE = 'user_sessions';
const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * express-session on PostgreSQL (connect-pg-simple; the table comes from a migration, never created at run
 * time). Registered through AccountsModule.configure for every route. It keeps the request context
 * (tenant, actor) across the store's callbacks: pg answers on its socket's async context, so `next` is
 * re-entered in the context the request arrived with, whichever of this and the tenant middleware runs first.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware, OnApplicationShutdown {
  private readonly pool: Pool;
  private readonly store: session.Store & { close(): unknown };
  private readonly handler: RequestHandler;

  constructor(@Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 3, idleTimeoutMillis: 10_000, application_name: 'qrsharks-sessions' });
    // Idle connections lost (a PostgreSQL restart) are replaced by the pool; every connection also keeps a listener of
    // its own for the moments it is checked out, so a lost one never becomes an unhandled 'error' event.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    const PgStore = connectPgSimple(session);
    this.store = new PgStore({ pool: this.pool, tableName: SESSION_TABLE, createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
    this.handler = session({
      name: SESSION_COOKIE,
      secret: env.SESSION_SECRET,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      // undefined: Express's `trust proxy` (TRUST_PROXY) decides whether X-Forwarded-Proto makes the request secure.
      proxy: undefined,
      cookie: { httpOnly: true, sameSite: 'lax', secure: env.NODE_ENV === 'production', maxAge: SESSION_MAX_AGE_MS, path: '/' },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const context = requestContext.current();
    this.handler(req, res, (error?: unknown) => (context ? requestContext.run(context, () => next(error)) : next(error)));
  }

  /** Ends every session of a user except `keepSid` (password change). */
  async destroyOtherSessions(userId: string, keepSid: string | null): Promise<void> {
    await this.pool.query(`DELETE FROM ${SESSION_TABLE} WHERE sess->>'userId' = $1 AND sid IS DISTINCT FROM $2`, [userId, keepSid]);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.resolve(this.store.close()).catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }
}
