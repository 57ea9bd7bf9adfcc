import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { AccountsService } from '../model/accounts.service';
import { adminRegistryAppend, type AdminCandidates } from './admin-registry';
import type { AuthUser } from '../model/auth-user';
import { SessionMiddleware } from '../sessions/session.middleware';
import { authUserOf, decideDisable, decideEnable, evolveAccount, initialAccount, isActive, USER_NOT_FOUND } from '../model/user';
import { userStream } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';

export interface AccountStatusChange {
  /** The tenant the user must belong to; null: any (the default brand's staff reach every tenant). */
  tenantId: number | null;
  userId: string;
  /** The admin who does it. */
  by: AuthUser;
  /** Required to disable (parsed at the edge); unused to enable. */
  reason?: string;
  /** Read models the caller shows right after the answer (the console's own user list): waited for like users. */
  alsoWaitFor?: readonly string[];
}

export type AccountStatus = AuthUser & { isDisabled: boolean };

/** POST /api/admin/users/{id}/disable (admin): AccountDisabled; every session of the user ends before the answer. */
export class DisableAccountCommand extends Command<AccountStatus> {
  constructor(readonly change: AccountStatusChange) {
    super();
  }
}

/** POST /api/admin/users/{id}/enable (admin): AccountEnabled; the user may sign in again. */
export class EnableAccountCommand extends Command<AccountStatus> {
  constructor(readonly change: AccountStatusChange) {
    super();
  }
}

/** Disabling an admin (or enabling one) also appends to the tenant's admin registry: the last admin stays (admin-registry.ts). */
function run(
  pipeline: CommandPipeline,
  candidates: AdminCandidates,
  change: AccountStatusChange,
  disable: boolean,
): Promise<AccountStatus> {
  const streamId = userStream(change.userId);
  return pipeline.execute({
    actor: { actorId: change.by.id, tenantId: change.by.tenantId },
    // The guard of the user's next request reads users: the moved auth version refuses their sessions from then on.
    waitFor: [USERS_PROJECTION, ...(change.alsoWaitFor ?? [])],
    plan: async (ctx) => {
      const account = await ctx.load(streamId, initialAccount, evolveAccount);
      const { user } = account.state;
      const reachable = change.tenantId === null || user.tenantId === change.tenantId;
      if (!isActive(user) || !reachable) throw DomainError.notFound(USER_NOT_FOUND);
      const events = disable ? decideDisable(user, change.userId, change.reason ?? '', change.by.id) : decideEnable(user, change.userId);
      const after = events.reduce(evolveAccount, account.state);
      const registry = await adminRegistryAppend(ctx, candidates, { userId: change.userId, before: user, after: after.user });
      return {
        appends: [{ streamId, events }, ...registry],
        answer: () => ({ ...authUserOf(change.userId, after), isDisabled: after.user.disabled }),
      };
    },
  });
}

@CommandHandler(DisableAccountCommand)
export class DisableAccountHandler implements ICommandHandler<DisableAccountCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly sessions: SessionMiddleware,
    private readonly accounts: AccountsService,
  ) {}

  async execute({ change }: DisableAccountCommand): Promise<AccountStatus> {
    const answer = await run(this.pipeline, (clientId) => this.accounts.adminIds(clientId), change, true);
    // The moved auth version already refuses them (even while the read model lags, the stream decides); this drops the rows.
    await this.sessions.destroyOtherSessions(change.userId, null);
    return answer;
  }
}

@CommandHandler(EnableAccountCommand)
export class EnableAccountHandler implements ICommandHandler<EnableAccountCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly accounts: AccountsService,
  ) {}

  execute({ change }: EnableAccountCommand): Promise<AccountStatus> {
    return run(this.pipeline, (clientId) => this.accounts.adminIds(clientId), change, false);
  }
}
