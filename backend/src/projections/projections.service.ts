import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { AllPosition, compareAllPositions, EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { AdvisoryLocks } from './advisory-locks';
import type { Projection, WaitTarget } from './projection';
import { readCheckpoint, ProjectionRunner } from './projection-runner';

/**
 * Every feature registers its projections here (in its projection's onModuleInit). In the worker role
 * (and `all`) one runner per projection starts at bootstrap; across processes the advisory lock keeps one active.
 */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly projections = new Map<string, Projection>();
  private readonly runners = new Map<string, ProjectionRunner>();
  private locks: AdvisoryLocks | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  register(projection: Projection): void {
    if (this.projections.has(projection.name)) throw new Error(`Projection ${projection.name} registered twice`);
    this.projections.set(projection.name, projection);
  }

  list(): Projection[] {
    return [...this.projections.values()];
  }

  get(name: string): Projection | undefined {
    return this.projections.get(name);
  }

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS) return;
    for (const projection of this.projections.values()) this.startRunner(projection);
  }

  private startRunner(projection: Projection): void {
    const runner = new ProjectionRunner(projection, this.store, this.dataSource, {
      exclusive: true,
      locks: (this.locks ??= new AdvisoryLocks(this.databaseUrl)),
      log: (message, extra) => this.logger.warn({ msg: message, ...extra }),
    });
    this.runners.set(projection.name, runner);
    runner.start();
  }

  /** The projections whose runner this process runs (none in the api role or with QRS_NO_RUNNERS). */
  runningHere(): string[] {
    return [...this.runners.keys()];
  }

  /** Stops this process's runner of one projection (its table then lags); tests use it to prove answers do not need it. */
  async pause(name: string): Promise<void> {
    const runner = this.runners.get(name);
    this.runners.delete(name);
    await runner?.stop();
  }

  /** Starts the runner again from its checkpoint. */
  resume(name: string): void {
    const projection = this.projections.get(name);
    if (!projection) throw new Error(`No projection ${name}`);
    if (!this.runners.has(name)) this.startRunner(projection);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
    await this.locks?.close();
  }

  /**
   * Read-your-writes: resolves once the named projections and the projections serving the named roles (default: all)
   * have passed `position`. Bounded: after `timeoutMs` it gives up quietly and the caller answers anyway. A name no
   * projection has is a mistake, not a lag: it rejects at once (the command pipeline then answers from the events).
   */
  async waitFor(position: AllPosition, names?: readonly WaitTarget[], timeoutMs = 5000): Promise<boolean> {
    const targets = names ? this.resolve(names) : [...this.projections.keys()];
    const results = await Promise.all(
      targets.map((name) => {
        const runner = this.runners.get(name);
        if (runner?.isActive) return runner.waitFor(position, timeoutMs);
        return this.pollCheckpoint(name, position, timeoutMs);
      }),
    );
    return results.every(Boolean);
  }

  /** The projection names behind names and roles, each once. */
  resolve(targets: readonly WaitTarget[]): string[] {
    const names = new Set<string>();
    for (const target of targets) {
      if (typeof target !== 'string') {
        for (const projection of this.projections.values())
          if (projection.serves?.some((served) => served.role === target.role)) names.add(projection.name);
      } else if (this.projections.has(target)) names.add(target);
      else throw new Error(`No projection named '${target}' is registered`);
    }
    return [...names];
  }

  private async pollCheckpoint(name: string, position: AllPosition, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoint = await readCheckpoint(this.dataSource.manager, name);
      if (compareAllPositions(checkpoint, position) >= 0) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
