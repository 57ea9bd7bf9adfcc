import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Role } from './auth';
import { decideRevokeRole } from './user';
import { userStream } from './user.events';
import { UserStreams } from './user-streams';

/** Used by the admin screen (ChangeUserRoleCommand) and `npm run admin`. */
export class RevokeRoleCommand extends Command<void> {
  constructor(readonly userId: string, readonly role: Role) {
    super();
  }
}

@CommandHandler(RevokeRoleCommand)
export class RevokeRoleHandler implements ICommandHandler<RevokeRoleCommand> {
  constructor(private readonly streams: UserStreams) {}

  async execute({ userId, role }: RevokeRoleCommand): Promise<void> {
    const loaded = await this.streams.loadUser(userId);
    await this.streams.appendAndWait([{ streamId: userStream(userId), events: decideRevokeRole(loaded.state, userId, role), expectedRevision: loaded.revision }], undefined, undefined, loaded.state.tenantId);
  }
}
