import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ENV, type Env } from '../config/env';
import { CommandPipeline } from './command-pipeline';

const DAY_MS = 86_400_000;

/** The first UTC day still kept by a retention of `days` days ('YYYY-MM-DD'): what is from before it expires. */
export function retentionCutoff(days: number, now = Date.now()): string {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS - days * DAY_MS).toISOString().slice(0, 10);
}

/** A cutoff event's data: what is from UTC days before `before` ('YYYY-MM-DD') has expired. */
export interface RetentionCutoff {
  before: string;
}

/** A cutoff event's `before`, read without a cast ('' for anything else: it never moves the cutoff). */
function cutoffOf(data: unknown): string {
  return typeof data === 'object' && data !== null && 'before' in data && typeof data.before === 'string' ? data.before : '';
}

/**
 * Records a retention cutoff (issue 32 item 4) as `type` on `stream`, once: only when it moves past the stream's last
 * one, at the loaded revision (two workers at once append one event). The owning projections apply the events, so a
 * rebuild or replay expires exactly what the live run expired. Resolves to whether an event was appended.
 */
export async function recordRetentionCutoff(
  pipeline: CommandPipeline,
  options: { stream: string; type: string; before: string },
): Promise<boolean> {
  return pipeline.run({
    stream: options.stream,
    initial: '',
    evolve: (last: string, event) => {
      const before = cutoffOf(event.data);
      return before > last ? before : last;
    },
    actor: { actorId: 'system', tenantId: 1 },
    decide: (last) => (options.before > last ? [{ type: options.type, data: { before: options.before } satisfies RetentionCutoff }] : []),
    answer: (_state, committed) => committed.position !== null,
  });
}

/**
 * A periodic job of the worker (like the mail and webhook sweeps): `run` at start and every `everyMs`, one run at a
 * time, failures logged and retried on the next tick. Returns the stop function.
 */
export function everyPeriod(name: string, everyMs: number, run: () => Promise<unknown>): () => void {
  const logger = new Logger(name);
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= run()
      .catch((error: Error) => logger.warn(`${name} failed: ${error.message}`))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}

/** What a retention job records: its cutoff event `type` on `stream`, `days(env)` days back from today (UTC). */
export interface RetentionPolicy {
  name: string;
  stream: string;
  type: string;
  days: (env: Env) => number;
}

/**
 * The worker's job behind each retention (visitor hashes, mail recipients, webhook deliveries): every
 * RETENTION_SWEEP_MS, records the cutoff its policy gives, once per new day; the API processes run none. A feature
 * subclasses it with its policy; the owning projection or dispatcher applies the events.
 */
@Injectable()
export abstract class RetentionJob implements OnApplicationBootstrap, OnModuleDestroy {
  protected abstract readonly policy: RetentionPolicy;
  private stop: (() => void) | null = null;

  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS) return;
    this.stop = everyPeriod(this.policy.name, this.env.RETENTION_SWEEP_MS, () => this.run());
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  /** Appends the cutoff event when the cutoff moved (a second run the same day appends nothing). */
  run(now = Date.now()): Promise<boolean> {
    const { stream, type, days } = this.policy;
    return recordRetentionCutoff(this.pipeline, { stream, type, before: retentionCutoff(days(this.env), now) });
  }
}
