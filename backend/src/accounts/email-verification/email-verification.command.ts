import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { ENV, Env } from '../../config/env';
import { decideRequestVerification, decideVerifyEmail, EMAIL_VERIFIED, VERIFICATION_SENT, VERIFY_LINK_INVALID } from './email-verification';
import { verifyVerificationToken } from './email-verification-token';
import { RateLimiter } from '../sessions/rate-limiter';
import { decideGrantRole, evolveAccount, evolveUser, initialAccount, isAdminEmail } from '../model/user';
import { userStream } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';

/** 'Resend' on the banner of an unverified account (POST /api/resend-verification): a new link, the older ones superseded. */
export class ResendVerificationCommand extends Command<{ message: string }> {
  constructor(readonly request: { tenantId: number; userId: string }) {
    super();
  }
}

@CommandHandler(ResendVerificationCommand)
export class ResendVerificationHandler implements ICommandHandler<ResendVerificationCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ request: { userId } }: ResendVerificationCommand): Promise<{ message: string }> {
    // Limited from the stream itself (one a minute, five a day): no counter to lose, and replays decide alike.
    return this.pipeline.run({
      stream: userStream(userId),
      initial: initialAccount,
      evolve: evolveAccount,
      decide: (account) => decideRequestVerification(account.user, userId, randomUUID(), new Date()),
      waitFor: [],
      answer: () => ({ message: VERIFICATION_SENT }),
    });
  }
}

/** The mailed link (POST /api/verify-email {token}): works signed in or not, in any browser the mail is opened in. */
export class VerifyEmailCommand extends Command<{ message: string }> {
  constructor(readonly verification: { tenantId: number; ip: string; token: string }) {
    super();
  }
}

@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rateLimiter: RateLimiter,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ verification: { tenantId, ip, token } }: VerifyEmailCommand): Promise<{ message: string }> {
    await this.rateLimiter.hitIp('email-verification', ip, 'Too many attempts. Please wait a few minutes and try again.');
    const claims = verifyVerificationToken(this.env.SESSION_SECRET, token);
    if (!claims) throw DomainError.invalid(VERIFY_LINK_INVALID, 'token');
    const stream = userStream(claims.userId);
    return this.pipeline.execute({
      actor: { actorId: claims.userId, tenantId },
      // The banner of the user's next request reads `users`.
      waitFor: [USERS_PROJECTION],
      plan: async (ctx) => {
        const account = (await ctx.load(stream, initialAccount, evolveAccount)).state;
        if (account.user.tenantId !== tenantId) throw DomainError.invalid(VERIFY_LINK_INVALID, 'token');
        const verified = decideVerifyEmail(account.user, claims, new Date());
        // An ADMIN_EMAILS address becomes admin once proven (never on registration alone).
        const admin = isAdminEmail(account.user.email, this.env.ADMIN_EMAILS)
          ? decideGrantRole(verified.reduce(evolveUser, account.user), claims.userId, 'admin')
          : [];
        return { appends: [{ streamId: stream, events: [...verified, ...admin] }], answer: () => ({ message: EMAIL_VERIFIED }) };
      },
    });
  }
}
