import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { userStream, type AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { ENV, Env } from '../../config/env';
import { decideActivateTrial, evolveAllowance, initialAllowance, trialStatus } from './allowance';
import { TrialService } from './trial.service';
import type { TrialActivatedAnswer } from './trial.schemas';

/** POST /api/activate-trial: once per account. */
export class ActivateTrialCommand extends Command<TrialActivatedAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly email: string | null | undefined,
  ) {
    super();
  }
}

/**
 * decideActivateTrial on `user-{id}`; a concurrent writer of that stream makes it decide again (a second
 * activation then sees the first). The answer is folded from the stream, so it waits for no projection.
 */
@CommandHandler(ActivateTrialCommand)
export class ActivateTrialHandler implements ICommandHandler<ActivateTrialCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly trial: TrialService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  execute({ user, email }: ActivateTrialCommand): Promise<TrialActivatedAnswer> {
    const now = new Date();
    return this.pipeline.run({
      stream: userStream(user.id),
      initial: initialAllowance,
      evolve: evolveAllowance,
      actor: { actorId: user.id, tenantId: user.tenantId },
      decide: (state) => [decideActivateTrial(state, this.trial.limits, now, user, email)],
      answer: (state) => {
        const { trialStartDate, trialEndDate } = state as { trialStartDate: string; trialEndDate: string };
        const until = new Date(trialEndDate).toUTCString().slice(0, 16);
        return {
          message:
            `Your ${this.env.TRIAL_DAYS}-day free trial is active until ${until}: ${this.env.TRIAL_DYNAMIC_LIMIT} dynamic QR ` +
            `codes, analytics, logos and colour customization.`,
          user: { ...user, trialActivated: true, trialStartDate, trialEndDate },
          trialStatus: trialStatus(state, this.trial.limits, new Date()),
        };
      },
    });
  }
}
