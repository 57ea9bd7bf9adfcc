import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { ENV, Env } from '../../config/env';
import { STREAM_NAMES } from '../../event-store/event-store.module';
import type { StreamNames } from '../../event-store/personal-data/stream-names';
import type { SignedIn } from '../model/auth-user';
import { verifyPassword } from '../registration/passwords';
import { DeviceCookies } from './device-cookies';
import { RateLimiter } from './rate-limiter';
import { loadKey } from '../model/key-streams';
import { decideSignIn, evolveAccount, initialAccount, isAdminEmail, signedInAs } from '../model/user';
import { usernameStreams, userStream } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';

export interface Credentials {
  tenantId: number;
  /** For the rate limit. */
  ip: string;
  username: string;
  password: string;
  /** The request's device cookie, unverified (null: none): DeviceCookies checks it names this user. */
  device: string | null;
}

export class LogInUserCommand extends Command<SignedIn> {
  constructor(readonly credentials: Credentials) {
    super();
  }
}

/**
 * A command because signing in with an ADMIN_EMAILS address appends RoleGranted. The user is found through the
 * username's reservation stream and checked against their own stream, never the read model: signing in right after
 * signing up works even while the `users` projection lags.
 */
@CommandHandler(LogInUserCommand)
export class LogInUserHandler implements ICommandHandler<LogInUserCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rateLimiter: RateLimiter,
    private readonly devices: DeviceCookies,
    @Inject(ENV) private readonly env: Env,
    @Inject(STREAM_NAMES) private readonly names: StreamNames,
  ) {}

  async execute({ credentials: { tenantId, ip, username, password, device: token } }: LogInUserCommand): Promise<SignedIn> {
    const device = this.devices.deviceFor(token, tenantId, username);
    await this.rateLimiter.hit('login', tenantId, ip, username, device);
    const signedIn = await this.pipeline.execute({
      waitFor: [USERS_PROJECTION],
      plan: async (ctx) => {
        const userId = (await loadKey(ctx, usernameStreams(this.names, tenantId, username))).state.heldBy;
        const account = userId ? (await ctx.load(userStream(userId), initialAccount, evolveAccount)).state : initialAccount;
        // Unknown users are verified against a dummy hash: both failures take the same time and answer alike.
        const valid = await verifyPassword(account.user.passwordHash, password);
        const events = decideSignIn(account.user, userId ?? '', valid, isAdminEmail(account.user.email, this.env.ADMIN_EMAILS));
        return {
          appends: userId ? [{ streamId: userStream(userId), events }] : [],
          answer: () => signedInAs(userId!, events.reduce(evolveAccount, account)),
        };
      },
    });
    await this.rateLimiter.reset('login', tenantId, username, device);
    return signedIn;
  }
}
