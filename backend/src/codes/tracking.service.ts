import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../accounts';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import type { RequestInfo } from '../common/request-params';
import { ENV, Env } from '../config/env';
import { trackingStream } from './qr-code.events';
import { decideTrack, type TrackedType, type TrackInput } from './tracking';

/**
 * Generations and downloads, recorded on `tracking-{tenantId}-{key}` through the pipeline. Those streams are logs
 * (no decision reads them), so appends expect 'any' and never conflict; the answer reads no projection.
 */
@Injectable()
export class TrackingService {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** The stored event's id. */
  track(type: TrackedType, user: AuthUser | null, tenantId: number, input: TrackInput, info: RequestInfo): Promise<string> {
    const { key, event } = decideTrack(type, input, { userId: user?.id ?? null, salt: this.env.VISITOR_HASH_SALT }, info);
    const streamId = trackingStream(tenantId, key);
    return this.pipeline.execute({
      actor: { actorId: user?.id ?? 'anonymous', tenantId },
      plan: async () => ({
        appends: [{ streamId, events: [event], expectedRevision: 'any' }],
        answer: (committed) => committed.streams.get(streamId)?.events[0]?.id ?? event.id ?? '',
      }),
    });
  }
}
