import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../accounts/auth';
import { ENV, Env } from '../../config/env';
import { EventWriter } from '../../event-store/event-writer';
import { userStream } from '../qr-code.events';
import { evolveAllowance, initialAllowance, Limits, trialStatus } from './allowance';

/**
 * The trial and the dynamic cap, decided from `user-{id}` itself (the same fold the create command uses), so the
 * status the dashboard shows is exactly what the next create will decide. Activation is activate-trial.command.ts.
 */
@Injectable()
export class TrialService {
  constructor(
    private readonly events: EventWriter,
    @Inject(ENV) private readonly env: Env,
  ) {}

  get limits(): Limits {
    return { trialDays: this.env.TRIAL_DAYS, trialDynamicLimit: this.env.TRIAL_DYNAMIC_LIMIT, freeDynamicLimit: this.env.FREE_DYNAMIC_LIMIT };
  }

  async status(user: AuthUser) {
    const { state } = await this.events.load(userStream(user.id), initialAllowance, evolveAllowance);
    return trialStatus(state, this.limits, new Date());
  }
}
