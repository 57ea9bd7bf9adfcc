import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { SignedIn } from '../model/auth-user';
import { hashPassword, verifyPassword } from '../registration/passwords';
import { decideChangePassword, evolveAccount, initialAccount, signedInAs } from '../model/user';
import { userStream } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';

export class ChangePasswordCommand extends Command<SignedIn> {
  constructor(readonly change: { userId: string; currentPassword: string; newPassword: string }) {
    super();
  }
}

/** Answers the user with the new auth version: the caller moves this session onto it and ends the others. */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ change: { userId, currentPassword, newPassword } }: ChangePasswordCommand): Promise<SignedIn> {
    const stream = userStream(userId);
    return this.pipeline.execute({
      waitFor: [USERS_PROJECTION],
      plan: async (ctx) => {
        const loaded = await ctx.load(stream, initialAccount, evolveAccount);
        // argon2 is I/O: verified and hashed here, the decision only records the outcome.
        const valid = await verifyPassword(loaded.state.user.passwordHash, currentPassword);
        const events = decideChangePassword(loaded.state.user, userId, valid, valid ? await hashPassword(newPassword) : '');
        return { appends: [{ streamId: stream, events }], answer: () => signedInAs(userId, events.reduce(evolveAccount, loaded.state)) };
      },
    });
  }
}
