import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { ENV, Env } from '../../config/env';
import { STREAM_NAMES } from '../../event-store/event-store.module';
import type { StreamNames } from '../../event-store/personal-data/stream-names';
import { hashPassword } from '../registration/passwords';
import { decideRequestReset, decideResetPassword, PASSWORD_RESET_DONE, RESET_REQUESTED } from './password-reset';
import { RESET_LINK_INVALID, verifyResetToken } from './password-reset-token';
import { RateLimiter } from '../sessions/rate-limiter';
import { loadKey } from '../model/key-streams';
import { evolveAccount, initialAccount } from '../model/user';
import { usernameStreams, userStream } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';

export class RequestPasswordResetCommand extends Command<{ message: string }> {
  constructor(readonly request: { tenantId: number; ip: string; email: string }) {
    super();
  }
}

/**
 * 'Forgot my password': appends PasswordResetRequested for an existing account of this tenant (found through the
 * username's reservation stream, like sign-in), nothing otherwise, and answers the same either way. The mail feature
 * sends the link. Rate-limited per IP and per address like sign-in.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rateLimiter: RateLimiter,
    @Inject(STREAM_NAMES) private readonly names: StreamNames,
  ) {}

  async execute({ request: { tenantId, ip, email } }: RequestPasswordResetCommand): Promise<{ message: string }> {
    await this.rateLimiter.hit('password-reset', tenantId, ip, email);
    await this.pipeline.execute({
      waitFor: [],
      plan: async (ctx) => {
        const userId = (await loadKey(ctx, usernameStreams(this.names, tenantId, email))).state.heldBy;
        if (!userId) return { appends: [], answer: () => undefined };
        const account = (await ctx.load(userStream(userId), initialAccount, evolveAccount)).state;
        const events = account.user.tenantId === tenantId ? decideRequestReset(account.user, userId, randomUUID(), new Date()) : [];
        return { appends: events.length ? [{ streamId: userStream(userId), events }] : [], answer: () => undefined };
      },
    });
    return { message: RESET_REQUESTED };
  }
}

export class ResetPasswordCommand extends Command<{ message: string }> {
  constructor(readonly reset: { tenantId: number; ip: string; token: string; password: string }) {
    super();
  }
}

/** Sets the new password from a reset link's token; PasswordChanged moves the auth version, which ends every session. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rateLimiter: RateLimiter,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ reset: { tenantId, ip, token, password } }: ResetPasswordCommand): Promise<{ message: string }> {
    await this.rateLimiter.hitIp('password-reset', ip, 'Too many attempts. Please wait a few minutes and try again.');
    const claims = verifyResetToken(this.env.SESSION_SECRET, token);
    if (!claims) throw DomainError.invalid(RESET_LINK_INVALID, 'token');
    const stream = userStream(claims.userId);
    return this.pipeline.execute({
      waitFor: [USERS_PROJECTION],
      plan: async (ctx) => {
        const account = (await ctx.load(stream, initialAccount, evolveAccount)).state;
        if (account.user.tenantId !== tenantId) throw DomainError.invalid(RESET_LINK_INVALID, 'token');
        // Checked before hashing (argon2 costs), and again by the decision on the state the append expects.
        decideResetPassword(account.user, claims, new Date(), '');
        const events = decideResetPassword(account.user, claims, new Date(), await hashPassword(password));
        return { appends: [{ streamId: stream, events }], answer: () => ({ message: PASSWORD_RESET_DONE }) };
      },
    });
  }
}
