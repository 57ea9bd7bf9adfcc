import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ENV, Env } from '../config/env';
import { RenderPool } from './render-pool';

@Injectable()
class RenderPoolLifecycle implements OnApplicationShutdown {
  constructor(@Inject(RenderPool) private readonly pool: RenderPool) {}
  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}

/** The render processes (PNG downloads, logo rasterising), shared by every feature that renders. */
@Global()
@Module({
  providers: [
    {
      provide: RenderPool,
      inject: [ENV],
      useFactory: (env: Env) => {
        const logger = new Logger('Rendering');
        return new RenderPool({
          size: env.RENDER_PROCESSES,
          timeoutMs: env.RENDER_TIMEOUT_MS,
          memoryMb: env.RENDER_MEMORY_MB,
          queueLimit: env.RENDER_QUEUE_LIMIT,
          log: (message, extra) => logger.warn({ msg: message, ...extra }),
        });
      },
    },
    RenderPoolLifecycle,
  ],
  exports: [RenderPool],
})
export class RenderingModule {}
