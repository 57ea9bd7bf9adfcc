import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline, currentActor } from '../command-pipeline/command-pipeline';
import { DomainError } from '../command-pipeline/domain-error';
import type { AuthUser, Role } from './auth-user';
import { AccountState, authUserOf, decideGrantRole, evolveAccount, initialAccount, isActive, USER_NOT_FOUND } from './user';
import { userStream } from './user.events';
import { USERS_PROJECTION } from './users.projection';

export interface RoleChange {
  /** The tenant the user must belong to (the admin's own; `npm run admin`'s --tenant): another tenant's user is 404. */
  tenantId: number;
  userId: string;
  role: Role;
  /** Who changes it (the admin screen's admin); default: the request's actor (`system` on the command line). */
  by?: string;
}

/** Used by the admin screen, `npm run admin` and the tests' set-up. */
export class GrantRoleCommand extends Command<AuthUser> {
  constructor(readonly change: RoleChange) {
    super();
  }
}

/** The one-stream write of both role commands: the user, of that tenant, active, or 404. */
export function changeRole(
  pipeline: CommandPipeline,
  change: RoleChange,
  decide: (account: AccountState) => ReturnType<typeof decideGrantRole>,
): Promise<AuthUser> {
  return pipeline.run({
    stream: userStream(change.userId),
    initial: initialAccount,
    evolve: evolveAccount,
    actor: { actorId: change.by ?? currentActor().actorId, tenantId: change.tenantId },
    guard: (account) => {
      if (!isActive(account.user) || account.user.tenantId !== change.tenantId) throw DomainError.notFound(USER_NOT_FOUND);
    },
    decide,
    // For the next request's guard: a granted or revoked role takes effect on the user's next request.
    waitFor: [USERS_PROJECTION],
    answer: (account) => authUserOf(change.userId, account),
  });
}

@CommandHandler(GrantRoleCommand)
export class GrantRoleHandler implements ICommandHandler<GrantRoleCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ change }: GrantRoleCommand): Promise<AuthUser> {
    return changeRole(this.pipeline, change, (account) => decideGrantRole(account.user, change.userId, change.role));
  }
}
