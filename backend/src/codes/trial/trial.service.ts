import { Inject, Injectable } from '@nestjs/common';
import { userStream, type AuthUser } from '../../accounts';
import { ENV, Env } from '../../config/env';
import type { EventStore } from '../../event-store/event-store';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { evolveAllowance, initialAllowance, Limits, trialStatus, type Allowance, type TrialStatus } from './allowance';

/** How many users' folded allowances a process keeps (about 200 bytes each, plus their slot ids). */
const FOLDS_KEPT = 10_000;

/**
 * The trial and the dynamic cap, decided from `user-{id}` itself (the same fold the create command uses), so the
 * status the dashboard shows is exactly what the next create will decide. Activation is activate-trial.command.ts.
 * A process keeps each user's fold with the revision it reached and reads only the events after it: a user with
 * 2,500 dynamic codes has 2,500 slot events, and folding them all on every GET /api/trial-status was O(codes²).
 */
@Injectable()
export class TrialService {
  /** userId -> the fold up to `revision`, oldest use first (a Map keeps insertion order: re-set on use). */
  private readonly folds = new Map<string, { revision: bigint; state: Allowance }>();
  /** userId -> the first read of the user's stream on its way (status). */
  private readonly reading = new Map<string, Promise<Allowance>>();

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
    const kept = this.folds.get(userId);
    // Events are never removed from a stream, so the fold so far plus the events after it is the fold of them all.
    const events = await this.store.readStream(userStream(userId), kept ? { fromRevision: kept.revision + 1n } : undefined);
    const state = events.reduce(evolveAllowance, kept?.state ?? initialAllowance);
    const revision = events.length ? events[events.length - 1].revision : kept?.revision;
    this.folds.delete(userId);
    if (revision !== undefined) this.folds.set(userId, { revision, state });
    if (this.folds.size > FOLDS_KEPT) this.folds.delete(this.folds.keys().next().value!);
    return state;
  }

  /**
   * GET /api/trial-status. While a process has no fold of the user yet, requests for them at once share the one read
   * of the whole stream (issue 31: a burst of a user's first statuses each read and folded thousands of slot events,
   * side by side, and none finished in 10 s under load). With a fold kept, each request reads the events after it.
   */
  async status(user: AuthUser): Promise<TrialStatus> {
    if (this.folds.has(user.id)) return trialStatus(await this.allowance(user.id), this.limits, new Date());
    let reading = this.reading.get(user.id);
    if (!reading) {
      reading = this.allowance(user.id).finally(() => this.reading.delete(user.id));
      this.reading.set(user.id, reading);
    }
    return trialStatus(await reading, this.limits, new Date());
  }
}
