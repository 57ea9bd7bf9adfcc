import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../accounts/auth';
import { ENV, Env } from '../../config/env';
import { WrongExpectedVersionError } from '../../event-store/event-store';
import { EventWriter } from '../../event-store/event-writer';
import { ProjectionsService } from '../../projections/projections.service';
import { toHttp } from '../codes.service';
import { userStream } from '../qr-code.events';
import { decideActivateTrial, evolveAllowance, initialAllowance, Limits, trialStatus } from './allowance';

/**
 * The trial and the dynamic cap, decided from `user-{id}` itself (the same fold the create command uses), so the
 * status the dashboard shows is exactly what the next create will decide.
 */
@Injectable()
export class TrialService {
  constructor(
    private readonly events: EventWriter,
    private readonly projections: ProjectionsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private get limits(): Limits {
    return { trialDays: this.env.TRIAL_DAYS, trialDynamicLimit: this.env.TRIAL_DYNAMIC_LIMIT, freeDynamicLimit: this.env.FREE_DYNAMIC_LIMIT };
  }

  async status(user: AuthUser) {
    const { state } = await this.events.load(userStream(user.id), initialAllowance, evolveAllowance);
    return trialStatus(state, this.limits, new Date());
  }

  /** POST /api/activate-trial: once per account. Retries when another writer of user-{id} got in between. */
  async activate(user: AuthUser, body: Record<string, unknown> | undefined) {
    for (let attempt = 1; ; attempt++) {
      try {
        const { state, revision } = await this.events.load(userStream(user.id), initialAllowance, evolveAllowance);
        const event = decideActivateTrial(state, this.limits, new Date(), user, body?.email);
        const result = await this.events.append(userStream(user.id), [this.events.event(event.type, event.data, { actorId: user.id, tenantId: user.tenantId })], revision);
        await this.projections.waitFor(result.position);
        const status = await this.status(user);
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
