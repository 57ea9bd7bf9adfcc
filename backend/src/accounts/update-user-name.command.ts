import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { updateNameSchema } from './account.schemas';
import { AccountsService } from './accounts.service';
import type { AuthUser } from './auth';
import { decideChangeName } from './user';
import { userStream } from './user.events';
import { UserStreams } from './user-streams';

export class UpdateUserNameCommand extends Command<AuthUser> {
  constructor(readonly user: AuthUser, readonly body: unknown) {
    super();
  }
}

@CommandHandler(UpdateUserNameCommand)
export class UpdateUserNameHandler implements ICommandHandler<UpdateUserNameCommand> {
  constructor(private readonly streams: UserStreams, private readonly accounts: AccountsService) {}

  async execute({ user, body }: UpdateUserNameCommand): Promise<AuthUser> {
    const input = updateNameSchema.parse(body ?? {});
    const loaded = await this.streams.loadUser(user.id);
    await this.streams.appendAndWait([{ streamId: userStream(user.id), events: decideChangeName(loaded.state, user.id, input.firstName, input.lastName), expectedRevision: loaded.revision }], user.id);
    return this.accounts.toAuthUser((await this.accounts.findById(user.tenantId, user.id))!);
  }
}
