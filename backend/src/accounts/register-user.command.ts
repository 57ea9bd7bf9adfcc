import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { requestContext } from '../common/request-context';
import { ENV, Env } from '../config/env';
import { registerSchema } from './account.schemas';
import { AccountsService } from './accounts.service';
import type { AuthUser } from './auth';
import { hashPassword } from './passwords';
import { RateLimiter } from './rate-limiter';
import { decideRegister, decideReserveKey, isAdminEmail, USERNAME_TAKEN } from './user';
import { usernameStream, userStream } from './user.events';
import { UserStreams } from './user-streams';

export class RegisterUserCommand extends Command<AuthUser> {
  constructor(readonly body: unknown, readonly req: Request) {
    super();
  }
}

/** Reserves the username and creates `user-{id}` in one append, then signs the new user in. */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(private readonly streams: UserStreams, private readonly accounts: AccountsService, private readonly rateLimiter: RateLimiter, @Inject(ENV) private readonly env: Env) {}

  async execute({ body, req }: RegisterUserCommand): Promise<AuthUser> {
    const input = registerSchema.parse(body ?? {});
    const tenantId = requestContext.currentOrSystem().tenantId;
    await this.rateLimiter.hit('register', tenantId, req.ip ?? 'unknown', input.username);
    const userId = randomUUID();
    const key = await this.streams.loadKey(usernameStream(tenantId, input.username));
    const keyEvents = decideReserveKey(key.state, userId, USERNAME_TAKEN); // early refusal before the costly hash
    const passwordHash = await hashPassword(input.password);
    const userEvents = decideRegister({ userId, tenantId, username: input.username, email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, admin: isAdminEmail(input.email, this.env.ADMIN_EMAILS) });
    await this.streams.appendAndWait(
      [
        { streamId: usernameStream(tenantId, input.username), events: keyEvents, expectedRevision: key.revision },
        { streamId: userStream(userId), events: userEvents, expectedRevision: 'no_stream' },
      ],
      userId,
      USERNAME_TAKEN,
    );
    return this.accounts.signIn(req, tenantId, userId);
  }
}
