import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { REDIS } from '../redis/redis.module';
import { AnswerOf } from '../common/input';
import { healthAnswer, type HealthAnswer } from './health.answers';

async function timed(check: () => Promise<unknown>, timeoutMs = 1500): Promise<HealthAnswer['postgres']> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

@Controller('api/health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** 200 when Postgres, Redis and the event store answer; 503 with the failing part otherwise. */
  @Get()
  @AnswerOf(healthAnswer, 200, 'PostgreSQL, Redis and the event store all answered')
  @AnswerOf(healthAnswer, 503, 'A part did not answer within 1.5 s (status degraded; the part says why)')
  async health(@Res() res: Response): Promise<void> {
    const [postgres, redis, eventStore] = await Promise.all([
      timed(() => this.dataSource.query('SELECT 1')),
      timed(() => this.redis.ping()),
      timed(() => this.store.headPosition()),
    ]);
    const ok = postgres.ok && redis.ok && eventStore.ok;
    const answer: HealthAnswer = { status: ok ? 'ok' : 'degraded', postgres, redis, eventStore };
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json(answer);
  }
}
