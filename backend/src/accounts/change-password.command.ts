import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Request } from 'express';
import { ChangePasswordBody, changePasswordSchema } from './account.schemas';
import { AccountsService } from './accounts.service';
import type { AuthUser } from './auth';
import { hashPassword, verifyPassword } from './passwords';
import { SessionMiddleware } from './session.middleware';
import { decideChangePassword } from './user';
import { userStream } from './user.events';
import { UserStreams } from './user-streams';

export class ChangePasswordCommand extends Command<{ message: string }> {
  constructor(readonly user: AuthUser, readonly body: unknown, readonly req: Request) {
    super();
  }
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(private readonly streams: UserStreams, private readonly accounts: AccountsService, private readonly sessions: SessionMiddleware) {}

  async execute({ user, body, req }: ChangePasswordCommand): Promise<{ message: string }> {
    const input: ChangePasswordBody = changePasswordSchema.parse(body ?? {});
    const loaded = await this.streams.loadUser(user.id);
    const valid = await verifyPassword(loaded.state.passwordHash, input.currentPassword);
    const events = decideChangePassword(loaded.state, user.id, valid, valid ? await hashPassword(input.newPassword) : '');
    await this.streams.appendAndWait([{ streamId: userStream(user.id), events, expectedRevision: loaded.revision }], user.id);
    // This session continues under a new id; every other session of the user ends.
    await this.accounts.signIn(req, user.tenantId, user.id);
    await this.sessions.destroyOtherSessions(user.id, req.sessionID);
    return { message: 'Password updated' };
  }
}
