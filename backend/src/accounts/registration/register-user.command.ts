import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { ENV, Env } from '../../config/env';
import { STREAM_NAMES } from '../../event-store/event-store.module';
import type { StreamNames } from '../../event-store/personal-data/stream-names';
import type { SignedIn } from '../model/auth-user';
import { newVerification } from '../email-verification/email-verification';
import { hashPassword } from './passwords';
import { RateLimiter } from '../sessions/rate-limiter';
import { decideRegister, decideReserveKey, evolveAccount, initialAccount, isAdminEmail, signedInAs, USERNAME_TAKEN } from '../model/user';
import { loadKey } from '../model/key-streams';
import { usernameStreams, userStream } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';

export interface Registration {
  tenantId: number;
  /** For the rate limit. */
  ip: string;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export class RegisterUserCommand extends Command<SignedIn> {
  constructor(readonly registration: Registration) {
    super();
  }
}

/**
 * Reserves the username and creates `user-{id}` in one append (one transaction). The answer is the new user as the
 * events say, so a `users` projection lagging past the wait bound still answers 200 and the session is established.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rateLimiter: RateLimiter,
    @Inject(ENV) private readonly env: Env,
    @Inject(STREAM_NAMES) private readonly names: StreamNames,
  ) {}

  async execute({ registration: input }: RegisterUserCommand): Promise<SignedIn> {
    await this.rateLimiter.hit('register', input.tenantId, input.ip, input.username);
    const userId = randomUUID();
    const name = usernameStreams(this.names, input.tenantId, input.username);
    return this.pipeline.execute({
      actor: { actorId: userId, tenantId: input.tenantId },
      // The guard of the browser's next request reads `users` (read-your-writes); the answer itself does not.
      waitFor: [USERS_PROJECTION],
      // Losing the race for the name means the name is taken: no second decision (and no second argon2 hash).
      onConflict: (conflict) => (conflict.streamId === name.stream ? DomainError.conflict(USERNAME_TAKEN) : true),
      plan: async (ctx) => {
        // The name's legacy stream (a plain username, before issue 32) is its start: a name held there is taken.
        const key = await loadKey(ctx, name);
        const keyEvents = decideReserveKey(key.state, userId, USERNAME_TAKEN); // refused before the costly hash
        const passwordHash = await hashPassword(input.password);
        const admin = isAdminEmail(input.email, this.env.ADMIN_EMAILS);
        const userEvents = decideRegister({
          userId,
          tenantId: input.tenantId,
          username: input.username,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          // The address is not proven yet: its first verification link goes out in the welcome mail (issue 27).
          verification: newVerification(randomUUID(), new Date()),
          admin,
        });
        return {
          appends: [
            { streamId: name.stream, events: keyEvents },
            { streamId: userStream(userId), events: userEvents, expectedRevision: 'no_stream' },
          ],
          answer: () => signedInAs(userId, userEvents.reduce(evolveAccount, initialAccount)),
        };
      },
    });
  }
}
