import { ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ENV, Env } from '../../config/env';
import { TenantsService } from '../../tenants';
import { RateLimiter } from '../sessions/rate-limiter';

export const GOOGLE_TOO_MANY = 'Too many Google sign-in attempts from your network. Please wait a few minutes and try again.';

/**
 * Runs the Google strategy: on /auth/google it redirects to Google (the state in a signed cookie, no session row:
 * google-state.store.ts), on the callback it exchanges the code and fetches the profile into req.user. Not configured:
 * lets the handler answer its page. A failed callback (denied, bad state, token error) leaves req.user empty instead
 * of throwing. GET /auth/google is limited per client IP (the sign-in per-IP limit, counted on its own): 429.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  private readonly logger = new Logger('GoogleAuth');

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly tenants: TenantsService,
    private readonly rateLimiter: RateLimiter,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.env.GOOGLE_CLIENT_ID) return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.path.endsWith('/callback')) await this.rateLimiter.hitIp('google', req.ip ?? 'unknown', GOOGLE_TOO_MANY);
    return (await super.canActivate(context)) as boolean;
  }

  /**
   * The callback URL, the same at the start and at the callback (Google compares them): GOOGLE_CALLBACK_URL, else
   * /auth/google/callback on the request's tenant's configured origin (its custom domain or subdomain; PUBLIC_ORIGIN
   * for the default tenant and any unknown host). Never the request's Host header.
   */
  override async getAuthenticateOptions(context: ExecutionContext): Promise<{ session: boolean; callbackURL: string }> {
    const req = context.switchToHttp().getRequest<Request & { tenantId?: number }>();
    const { origin } = await this.tenants.brand(req.tenantId ?? 1);
    return { session: false, callbackURL: new URL(this.env.GOOGLE_CALLBACK_URL ?? '/auth/google/callback', origin).href };
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error) this.logger.warn(`Google sign-in failed: ${(error as Error).message ?? String(error)}`);
    return (user || null) as T;
  }
}
