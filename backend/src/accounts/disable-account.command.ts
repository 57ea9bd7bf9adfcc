import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { DomainError } from '../command-pipeline/domain-error';
import type { AuthUser } from './auth-user';
import { SessionMiddleware } from './session.middleware';
import { authUserOf, decideDisable, decideEnable, evolveAccount, initialAccount, isActive, USER_NOT_FOUND } from './user';
import { userStream } from './user.events';
import { USERS_PROJECTION } from './users.projection';

export interface AccountStatusChange {
  /** The tenant the user must belong to; null: any (the default brand's staff reach every tenant). */
  tenantId: number | null;
  userId: string;
  /** The admin who does it. */
  by: AuthUser;
  /** Required to disable (parsed at the edge); unused to enable. */
  reason?: string;
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

function run(pipeline: CommandPipeline, change: AccountStatusChange, disable: boolean): Promise<AccountStatus> {
  return pipeline.run({
    stream: userStream(change.userId),
    initial: initialAccount,
    evolve: evolveAccount,
    actor: { actorId: change.by.id, tenantId: change.by.tenantId },
    guard: (account) => {
      const reachable = change.tenantId === null || account.user.tenantId === change.tenantId;
      if (!isActive(account.user) || !reachable) throw DomainError.notFound(USER_NOT_FOUND);
    },
    decide: (account) =>
      disable ? decideDisable(account.user, change.userId, change.reason ?? '', change.by.id) : decideEnable(account.user, change.userId),
    // The guard of the user's next request reads users: the moved auth version refuses their sessions from then on.
    waitFor: [USERS_PROJECTION],
    answer: (account) => ({ ...authUserOf(change.userId, account), isDisabled: account.user.disabled }),
  });
}

@CommandHandler(DisableAccountCommand)
export class DisableAccountHandler implements ICommandHandler<DisableAccountCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly sessions: SessionMiddleware,
  ) {}

  async execute({ change }: DisableAccountCommand): Promise<AccountStatus> {
    const answer = await run(this.pipeline, change, true);
    // The moved auth version already refuses them (even while the read model lags, the stream decides); this drops the rows.
    await this.sessions.destroyOtherSessions(change.userId, null);
    return answer;
  }
}

@CommandHandler(EnableAccountCommand)
export class EnableAccountHandler implements ICommandHandler<EnableAccountCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ change }: EnableAccountCommand): Promise<AccountStatus> {
    return run(this.pipeline, change, false);
  }
}
