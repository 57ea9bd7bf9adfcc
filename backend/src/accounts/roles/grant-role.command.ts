import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline, currentActor } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import type { AuthUser, Role } from '../model/auth-user';
import { AccountsService } from '../model/accounts.service';
import { adminRegistryAppend, type AdminCandidates } from './admin-registry';
import { AccountState, authUserOf, decideGrantRole, evolveAccount, initialAccount, isActive, USER_NOT_FOUND } from '../model/user';
import { userStream, type UserEvent } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';

export interface RoleChange {
  /** The tenant the user must belong to (the admin's own; `npm run admin`'s --tenant): another tenant's user is 404. */
  tenantId: number;
  userId: string;
  role: Role;
  /** Who changes it (the admin screen's admin); default: the request's actor (`system` on the command line). */
  by?: string;
  /** Read models the caller shows right after the answer (the console's own user list): waited for like users. */
  alsoWaitFor?: readonly string[];
}

/** Used by the admin screen, `npm run admin` and the tests' set-up. */
export class GrantRoleCommand extends Command<AuthUser> {
  constructor(readonly change: RoleChange) {
    super();
  }
}

/**
 * The write of both role commands: the user, of that tenant, active, or 404. A change of the admin role also appends to
 * the tenant's admin registry at the revision it loaded, so the last admin stays even against a racing revoke
 * (admin-registry.ts); `npm run admin` goes through here too.
 */
export function changeRole(
  pipeline: CommandPipeline,
  candidates: AdminCandidates,
  change: RoleChange,
  decide: (account: AccountState) => UserEvent[],
): Promise<AuthUser> {
  const streamId = userStream(change.userId);
  return pipeline.execute({
    actor: { actorId: change.by ?? currentActor().actorId, tenantId: change.tenantId },
    // For the next request's guard: a granted or revoked role takes effect on the user's next request.
    waitFor: [USERS_PROJECTION, ...(change.alsoWaitFor ?? [])],
    plan: async (ctx) => {
      const account = await ctx.load(streamId, initialAccount, evolveAccount);
      if (!isActive(account.state.user) || account.state.user.tenantId !== change.tenantId) throw DomainError.notFound(USER_NOT_FOUND);
      const events = decide(account.state);
      const after = events.reduce(evolveAccount, account.state);
      const registry = await adminRegistryAppend(ctx, candidates, { userId: change.userId, before: account.state.user, after: after.user });
      return { appends: [{ streamId, events }, ...registry], answer: () => authUserOf(change.userId, after) };
    },
  });
}

@CommandHandler(GrantRoleCommand)
export class GrantRoleHandler implements ICommandHandler<GrantRoleCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly accounts: AccountsService,
  ) {}

  execute({ change }: GrantRoleCommand): Promise<AuthUser> {
    return changeRole(
      this.pipeline,
      (clientId) => this.accounts.adminIds(clientId),
      change,
      (account) => decideGrantRole(account.user, change.userId, change.role),
    );
  }
}
