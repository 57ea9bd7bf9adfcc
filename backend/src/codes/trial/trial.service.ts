import { Inject, Injectable } from '@nestjs/common';
import { userStream, type AuthUser } from '../../accounts';
import { ENV, Env } from '../../config/env';
import { loadStream } from '../../command-pipeline/command-pipeline';
import type { EventStore } from '../../event-store/event-store';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { evolveAllowance, initialAllowance, Limits, trialStatus, type Allowance, type TrialStatus } from './allowance';

/**
 * The trial and the dynamic cap, decided from `user-{id}` itself (the same fold the create command uses), so the
 * status the dashboard shows is exactly what the next create will decide. Activation is activate-trial.command.ts.
 */
@Injectable()
export class TrialService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ENV) private readonly env: Env,
  ) {}

  get limits(): Limits {
    return {
      trialDays: this.env.TRIAL_DAYS,
      trialDynamicLimit: this.env.TRIAL_DYNAMIC_LIMIT,
      freeDynamicLimit: this.env.FREE_DYNAMIC_LIMIT,
    };
  }

  /** The user's allowance as the stream says it now (the create command's early refusal, before a logo is stored). */
  async allowance(userId: string): Promise<Allowance> {
    return (await loadStream(this.store, userStream(userId), initialAllowance, evolveAllowance)).state;
  }

  async status(user: AuthUser): Promise<TrialStatus> {
    return trialStatus(await this.allowance(user.id), this.limits, new Date());
  }
}
