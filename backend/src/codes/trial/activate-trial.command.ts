import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts/auth';
import { ENV, Env } from '../../config/env';
import { WrongExpectedVersionError } from '../../event-store/event-store';
import { EventWriter } from '../../event-store/event-writer';
import { ProjectionsService } from '../../projections/projections.service';
import { toHttp } from '../codes.service';
import { userStream } from '../qr-code.events';
import { decideActivateTrial, evolveAllowance, initialAllowance } from './allowance';
import { TrialService } from './trial.service';

/** POST /api/activate-trial: once per account. */
export class ActivateTrialCommand extends Command<unknown> {
  constructor(readonly user: AuthUser, readonly body: Record<string, unknown> | undefined) {
    super();
  }
}

/** Retries when another writer of user-{id} got in between. */
@CommandHandler(ActivateTrialCommand)
export class ActivateTrialHandler implements ICommandHandler<ActivateTrialCommand> {
  constructor(private readonly events: EventWriter, private readonly projections: ProjectionsService, private readonly trial: TrialService, @Inject(ENV) private readonly env: Env) {}

  async execute({ user, body }: ActivateTrialCommand) {
    for (let attempt = 1; ; attempt++) {
      try {
        const { state, revision } = await this.events.load(userStream(user.id), initialAllowance, evolveAllowance);
        const event = decideActivateTrial(state, this.trial.limits, new Date(), user, body?.email);
        const result = await this.events.append(userStream(user.id), [this.events.event(event.type, event.data, { actorId: user.id, tenantId: user.tenantId })], revision);
        await this.projections.waitFor(result.position);
        const status = await this.trial.status(user);
        const until = new Date(event.data.trialEndDate).toUTCString().slice(0, 16);
        return {
          message: `Your ${this.env.TRIAL_DAYS}-day free trial is active until ${until}: ${this.env.TRIAL_DYNAMIC_LIMIT} dynamic QR codes, analytics, logos and colour customization.`,
          user: { ...user, trialActivated: true, trialStartDate: event.data.trialStartDate, trialEndDate: event.data.trialEndDate },
          trialStatus: status,
        };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < 10) continue;
        throw toHttp(error);
      }
    }
  }
}
