import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Role } from './auth';
import { decideGrantRole } from './user';
import { userStream } from './user.events';
import { UserStreams } from './user-streams';

/** Used by the admin screen (ChangeUserRoleCommand), ADMIN_EMAILS sign-ins and `npm run admin`. */
export class GrantRoleCommand extends Command<void> {
  constructor(readonly userId: string, readonly role: Role) {
    super();
  }
}

@CommandHandler(GrantRoleCommand)
export class GrantRoleHandler implements ICommandHandler<GrantRoleCommand> {
  constructor(private readonly streams: UserStreams) {}

  async execute({ userId, role }: GrantRoleCommand): Promise<void> {
    const loaded = await this.streams.loadUser(userId);
    await this.streams.appendAndWait([{ streamId: userStream(userId), events: decideGrantRole(loaded.state, userId, role), expectedRevision: loaded.revision }], undefined, undefined, loaded.state.tenantId);
  }
}
