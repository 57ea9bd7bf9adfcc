import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountsService, actAsKeyOwner, bearerToken } from '../accounts';
import { loadStream } from '../command-pipeline';
import { DomainError } from '../common/domain-error';
import { requestContext } from '../common/request-context';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { evolveApiKeys, initialApiKeys, keyIsLive } from './api-key';
import { apiKeysStream } from './api-key.events';
import { hashKey, looksLikeKey } from './api-key-secret';
import { ApiKeyRateLimit, keyTooMany } from './api-key-rate-limit';
import { ApiKeysService } from './api-keys.service';
import { scopeOfRoute } from './route-scopes';

/** One message for every key that does not open the door: unknown, revoked, another tenant's, a deleted owner's. */
export const INVALID_KEY = 'Invalid API key';
export const KEYS_REFUSED = 'API keys cannot be used on this route';
export const missingScope = (scope: string) => `This API key lacks the scope ${scope}`;
/** last-used is written at most this often per key and process: a use is no event, and no write per request. */
export const TOUCH_EVERY_MS = 60_000;
const TOUCHED_MAX = 10_000;

/**
 * Bearer calls (issue 34), as a global guard: it runs before every route's own guards. A request without
 * `Authorization: Bearer` passes untouched. With one: the key must be live (the read model finds it by hash, the
 * owner's stream confirms it is not revoked: a revocation holds at once, however far the projection lags), of the
 * Host's tenant, its owner active (else 401, one message); the key's rate limit is counted (429 past it, RateLimit-*
 * headers always); the route must accept keys (ROUTE_SCOPES, else 403) with a scope the key holds (else 403 naming
 * it). Then the request acts as the owner (accounts' `actAsKeyOwner`), never by its cookie.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeysService,
    private readonly accounts: AccountsService,
    private readonly limits: ApiKeyRateLimit,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const token = bearerToken(req);
    if (token === null) return true;
    const res = context.switchToHttp().getResponse<Response>();
    const tenantId = requestContext.currentOrSystem().tenantId;
    const keyHash = looksLikeKey(token) ? hashKey(token) : null;
    const key = keyHash ? await this.keys.byHash(keyHash) : null;
    const live =
      key && keyHash && key.clientId === tenantId
        ? keyIsLive((await loadStream(this.store, apiKeysStream(key.ownerId), initialApiKeys(), evolveApiKeys)).state, key.id, keyHash)
        : false;
    const owner = key && live ? await this.accounts.keyOwner(tenantId, key.ownerId) : null;
    if (!key || !owner) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new DomainError('unauthenticated', INVALID_KEY);
    }

    const window = await this.limits.hit(key.id);
    res.setHeader('RateLimit-Limit', String(window.limit));
    res.setHeader('RateLimit-Remaining', String(window.remaining));
    res.setHeader('RateLimit-Reset', String(window.resetsInSeconds));
    if (window.over) throw DomainError.tooManyRequests(keyTooMany(window.limit), window.resetsInSeconds);

    const route = (req.route as { path?: unknown } | undefined)?.path;
    const scope = typeof route === 'string' ? scopeOfRoute(req.method, route) : null;
    if (!scope) throw DomainError.forbidden(KEYS_REFUSED);
    if (!key.scopes.includes(scope)) throw DomainError.forbidden(missingScope(scope));

    actAsKeyOwner(req, owner);
    const current = requestContext.current();
    if (current) current.actorId = owner.id;
    this.touch(key.id);
    return true;
  }

  private touch(keyId: string): void {
    const now = Date.now();
    const last = this.touched.get(keyId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    if (this.touched.size >= TOUCHED_MAX) this.touched.delete(this.touched.keys().next().value as string);
    this.touched.delete(keyId);
    this.touched.set(keyId, now);
    // Best effort: a failed write only leaves last-used older; the call itself goes on.
    void this.keys.touch(keyId, new Date(now)).catch(() => this.touched.delete(keyId));
  }
}
