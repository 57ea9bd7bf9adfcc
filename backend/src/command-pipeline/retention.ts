import { Logger } from '@nestjs/common';
import type { CommandPipeline } from './command-pipeline';

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
