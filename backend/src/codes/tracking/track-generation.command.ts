import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { isUuid } from '../../common/input';
import type { RequestInfo } from '../../common/request-params';
import { ENV, Env } from '../../config/env';
import type { TrackGenerationBody } from '../editing/codes.schemas';
import type { TrackedAnswer } from '../editing/codes.answers';
import { decideTrack, trackingActor, trackingPlan, type TrackInput } from './tracking';

export type { TrackedAnswer };

/** POST /api/track-generation: one QrGenerated event; anonymous callers too. The raw IP is never stored. */
export class TrackGenerationCommand extends Command<TrackedAnswer> {
  constructor(
    readonly user: AuthUser | null,
    readonly tenantId: number,
    readonly generation: TrackInput,
    readonly info: RequestInfo,
  ) {
    super();
  }

  /** The generator's report as a typed generation: unknown code ids and colours that are not hex become null. */
  static from(user: AuthUser | null, tenantId: number, body: TrackGenerationBody, info: RequestInfo): TrackGenerationCommand {
    const qrType = body.qrType ?? '';
    if (!qrType) throw DomainError.invalid({ qrType: 'qrType is required' });
    const colour = (value: string | null | undefined) => (value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : null);
    const generation: TrackInput = {
      qrCodeId: isUuid(body.qrCodeId) ? body.qrCodeId.toLowerCase() : null,
      sessionId: body.sessionId ?? null,
      qrType,
      qrContent: body.qrData ?? '',
      foregroundColor: colour(body.foregroundColor),
      backgroundColor: colour(body.backgroundColor),
      hasLogo: body.hasLogo === true || body.hasLogo === 'true',
    };
    return new TrackGenerationCommand(user, tenantId, generation, info);
  }
}

/** Decided (decideTrack: bounded texts, the IP only as a salted hash) and appended through the pipeline: one QrGenerated. */
@CommandHandler(TrackGenerationCommand)
export class TrackGenerationHandler implements ICommandHandler<TrackGenerationCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ user, tenantId, generation, info }: TrackGenerationCommand): Promise<TrackedAnswer> {
    const userId = user?.id ?? null;
    const id = await this.pipeline.execute({
      actor: trackingActor(userId, tenantId),
      plan: async () => trackingPlan(tenantId, decideTrack('QrGenerated', generation, { userId, salt: this.env.VISITOR_HASH_SALT }, info)),
    });
    return { tracked: true, id };
  }
}
