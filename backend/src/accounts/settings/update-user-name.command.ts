import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { AuthUser } from '../model/auth-user';
import { authUserOf, decideChangeName, evolveAccount, initialAccount } from '../model/user';
import { userStream } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';

export class UpdateUserNameCommand extends Command<AuthUser> {
  constructor(readonly change: { userId: string; firstName: string; lastName: string }) {
    super();
  }
}

@CommandHandler(UpdateUserNameCommand)
export class UpdateUserNameHandler implements ICommandHandler<UpdateUserNameCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ change: { userId, firstName, lastName } }: UpdateUserNameCommand): Promise<AuthUser> {
    return this.pipeline.run({
      stream: userStream(userId),
      initial: initialAccount,
      evolve: evolveAccount,
      decide: (account) => decideChangeName(account.user, userId, firstName, lastName),
      // For the next request's guard (read-your-writes); the answer is the user as the stream now says.
      waitFor: [USERS_PROJECTION],
      answer: (account) => authUserOf(userId, account),
    });
  }
}
