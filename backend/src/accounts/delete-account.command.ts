import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { StreamAppend } from '../event-store/event-store';
import { AccountsService } from './accounts.service';
import type { AuthUser } from './auth';
import { SessionMiddleware } from './session.middleware';
import { decideDelete } from './user';
import { googleIdStream, usernameStream, userStream } from './user.events';
import { UserStreams } from './user-streams';

export class DeleteAccountCommand extends Command<{ message: string }> {
  constructor(readonly user: AuthUser, readonly req: Request) {
    super();
  }
}

@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(private readonly streams: UserStreams, private readonly accounts: AccountsService, private readonly sessions: SessionMiddleware) {}

  async execute({ user, req }: DeleteAccountCommand): Promise<{ message: string }> {
    const loaded = await this.streams.loadUser(user.id);
    const appends: StreamAppend[] = [{ streamId: userStream(user.id), events: this.streams.envelopes(decideDelete(loaded.state, user.id), user.id), expectedRevision: loaded.revision }];
    // Releasing the username (and Google id) lets the person sign up again later with the same email.
    for (const streamId of [usernameStream(user.tenantId, loaded.state.username), ...(loaded.state.googleId ? [googleIdStream(user.tenantId, loaded.state.googleId)] : [])]) {
      const key = await this.streams.loadKey(streamId);
      if (key.state.heldBy === user.id) appends.push({ streamId, events: this.streams.envelopes([{ type: 'KeyReleased', data: { userId: user.id } }], user.id), expectedRevision: key.revision });
    }
    await this.streams.waitForAppend(await this.streams.events.store.appendMany(appends));
    await this.sessions.destroyOtherSessions(user.id, null);
    await this.accounts.logout(req);
    return { message: 'Account deleted' };
  }
}
