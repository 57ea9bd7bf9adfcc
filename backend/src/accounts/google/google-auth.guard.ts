import { ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ENV, Env } from '../../config/env';

/**
 * Runs the Google strategy: on /auth/google it redirects to Google (state kept in the session), on the callback
 * it exchanges the code and fetches the profile into req.user. Not configured: lets the handler answer its page.
 * A failed callback (denied, bad state, token error) leaves req.user empty instead of throwing.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  private readonly logger = new Logger('GoogleAuth');

  constructor(@Inject(ENV) private readonly env: Env) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.env.GOOGLE_CLIENT_ID) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override getAuthenticateOptions(): { session: boolean } {
    return { session: false };
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error) this.logger.warn(`Google sign-in failed: ${(error as Error).message ?? String(error)}`);
    return (user || null) as T;
  }
}
