import { Inject, Injectable, NestMiddleware, OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { Pool } from 'pg';
import { requestContext } from '../../common/request-context';
import { ENV, Env, secureCookies } from '../../config/env';
import { keyFor } from '../../config/keys';
import { DATABASE_URL } from '../../database/database.module';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    tenantId: number;
    /** users.auth_version at sign-in; a password change bumps it and ends older sessions. */
    authVersion: number;
    /** When the session was last used (ms), recorded at most every touch interval: idle sessions end (issue 27). */
    lastSeenAt?: number;
    /** The fixed end of the session (ms): sign-in + 14 days, however much it is used (issue 27). */
    endsAt?: number;
  }
}

export const SESSION_COOKIE = 'qrs.sid';
export const SESSION_TABLE = 'user_sessions';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** How often a session's use is written down at most (a write per request would undo issue 16's saving). */
const IDLE_TOUCH_MAX_MS = 60_000;
/**
 * How long a session read from PostgreSQL is reused by this process (issue 16, bench/dashboard). Every signed-in
 * request used to read its session row through a 3-connection pool and then rewrite its expiry (express-session's
 * touch): two round trips, one of them a write, queued behind each other under load. A sign-out, a new sign-in or a
 * save on this process drops the entry at once; another API process may accept a signed-out session for at most
 * this long. What makes a session invalid for safety (a password change, a disabled or deleted account) is checked
 * on every request all the same: AccountsService.authenticate reads the user's row each time.
 */
export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_MAX = 10_000;

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
  private readonly idleMs: number;
  private readonly touchMs: number;

  constructor(@Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.idleMs = env.SESSION_IDLE_TIMEOUT_SECONDS * 1000;
    this.touchMs = Math.min(IDLE_TOUCH_MAX_MS, this.idleMs / 4);
    this.pool = new Pool({ connectionString: databaseUrl, max: 3, idleTimeoutMillis: 10_000, application_name: 'qrsharks-sessions' });
    // Idle connections lost (a PostgreSQL restart) are replaced by the pool; every connection also keeps a listener of
    // its own for the moments it is checked out, so a lost one never becomes an unhandled 'error' event.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    const PgStore = connectPgSimple(session);
    // No touch: the cookie's lifetime is fixed at sign-in (rolling: false), so rewriting the row's expiry on every
    // request extended nothing a browser would use, and cost a write per read.
    this.store = cachedReads(
      new PgStore({
        pool: this.pool,
        tableName: SESSION_TABLE,
        createTableIfMissing: false,
        pruneSessionInterval: 15 * 60,
        disableTouch: true,
      }),
    );
    this.handler = session({
      name: SESSION_COOKIE,
      // Signs with the session's own derived key; the raw secret, which signed cookies before issue 27, still verifies
      // them, so nobody is signed out by the change (a cookie only carries a random id looked up in the store).
      secret: [keyFor(env.SESSION_SECRET, 'session').toString('base64url'), env.SESSION_SECRET],
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      // undefined: Express's `trust proxy` (TRUST_PROXY) decides whether X-Forwarded-Proto makes the request secure.
      proxy: undefined,
      cookie: { httpOnly: true, sameSite: 'lax', secure: secureCookies(env), maxAge: SESSION_MAX_AGE_MS, path: '/' },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    // Without the session cookie there is no session to read, and nothing but a sign-in ever starts one: such a request
    // goes on with no req.session (issue 31: express-session generated and hashed a fresh session for every cookieless
    // request, the signed-out 401 included). A sign-in attaches one first (attach, from SessionsService).
    if (!hasSessionCookie(req)) return next();
    const context = requestContext.current();
    const resume = (error?: unknown) => (context ? requestContext.run(context, () => next(error)) : next(error));
    this.handler(req, res, (error?: unknown) => (error ? resume(error) : this.idleCheck(req, res, resume)));
  }

  /**
   * The idle timeout (SESSION_IDLE_TIMEOUT_SECONDS, default 24 h; issue 27): a signed-in session unused for longer
   * ends here, before any route sees it, so the request goes on signed out. A session in use records when, at most
   * once per touch interval (express-session saves it with the response; the cookie keeps its fixed expiry, so the
   * 14-day lifetime from sign-in still holds). Sessions from before the timeout start their clock at their next use.
   */
  private idleCheck(req: Request, res: Response, next: (error?: unknown) => void): void {
    const session = req.session;
    if (!session?.userId) return next();
    const now = Date.now();
    const last = session.lastSeenAt;
    const endsAt = session.endsAt ?? session.cookie.expires?.getTime() ?? now + SESSION_MAX_AGE_MS;
    if ((last !== undefined && now - last > this.idleMs) || now >= endsAt) {
      session.destroy((error) => {
        res.clearCookie(SESSION_COOKIE, { path: '/' });
        next(error);
      });
      return;
    }
    if (last === undefined || now - last >= this.touchMs) {
      session.lastSeenAt = now;
      session.endsAt = endsAt;
      // express-session resets the cookie's expiry to now + originalMaxAge whenever it saves: what is left keeps the
      // cookie and the store's row at the fixed end (within the request's duration; endsAt above is exact).
      session.cookie.originalMaxAge = endsAt - now;
    }
    next();
  }

  /** Gives a request that came without the session cookie its (new, empty) session, as express-session does. */
  async attach(req: Request, res: Response): Promise<void> {
    if (req.session) return;
    await new Promise<void>((resolve, reject) => this.handler(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
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

/** Whether the request names a session (any cookie called qrs.sid; express-session then decides whether it is valid). */
function hasSessionCookie(req: Request): boolean {
  const cookies = req.headers.cookie;
  return cookies !== undefined && cookies.includes(`${SESSION_COOKIE}=`);
}

/**
 * The store's reads kept for SESSION_CACHE_MS (as JSON, so express-session gets a fresh object each time); writes and
 * destroys of a session drop its entry first. Bounded: the oldest entries go first past SESSION_CACHE_MAX.
 */
function cachedReads<S extends session.Store>(store: S): S {
  const cache = new Map<string, { json: string; until: number }>();
  const get = store.get.bind(store);
  const set = store.set.bind(store);
  const destroy = store.destroy.bind(store);
  store.get = (sid, callback) => {
    const hit = cache.get(sid);
    if (hit && hit.until > Date.now()) return callback(null, JSON.parse(hit.json) as session.SessionData);
    cache.delete(sid);
    get(sid, (error: unknown, data?: session.SessionData | null) => {
      if (!error && data) {
        if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value as string);
        cache.set(sid, { json: JSON.stringify(data), until: Date.now() + SESSION_CACHE_MS });
      }
      callback(error, data);
    });
  };
  store.set = (sid, data, callback) => {
    cache.delete(sid);
    set(sid, data, callback);
  };
  store.destroy = (sid, callback) => {
    cache.delete(sid);
    destroy(sid, callback);
  };
  return store;
}
