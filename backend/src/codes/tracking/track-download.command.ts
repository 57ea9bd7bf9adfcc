import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { RequestInfo } from '../../common/request-params';
import { ENV, Env } from '../../config/env';
import type { TrackDownloadBody } from '../editing/codes.schemas';
import { TrackGenerationCommand, type TrackedAnswer } from './track-generation.command';
import { decideTrack, trackingActor, trackingPlan, type TrackInput } from './tracking';

/**
 * POST /api/track-download: one QrDownloaded for a file the generator saved in the browser (its PNG or SVG is drawn
 * there, so no server route sees it). The generator calls it once per saved file; GET /api/qrcodes/{id}/download
 * records its own downloads with this command too, and the generator never calls the route for those, so nothing is
 * counted twice.
 */
export class TrackDownloadCommand extends Command<TrackedAnswer> {
  constructor(
    readonly user: AuthUser | null,
    readonly tenantId: number,
    readonly download: TrackInput,
    readonly info: RequestInfo,
  ) {
    super();
  }

  /** The same report as a generation (TrackGenerationCommand.from), plus the file's format. */
  static from(user: AuthUser | null, tenantId: number, body: TrackDownloadBody, info: RequestInfo): TrackDownloadCommand {
    const { generation } = TrackGenerationCommand.from(user, tenantId, body, info);
    return new TrackDownloadCommand(user, tenantId, { ...generation, downloadType: body.downloadType }, info);
  }
}

/** Decided (decideTrack) and appended through the pipeline: one QrDownloaded, for this route and for GET .../download. */
@CommandHandler(TrackDownloadCommand)
export class TrackDownloadHandler implements ICommandHandler<TrackDownloadCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ user, tenantId, download, info }: TrackDownloadCommand): Promise<TrackedAnswer> {
    const userId = user?.id ?? null;
    const id = await this.pipeline.execute({
      actor: trackingActor(userId, tenantId),
      plan: async () => trackingPlan(tenantId, decideTrack('QrDownloaded', download, { userId, salt: this.env.VISITOR_HASH_SALT }, info)),
    });
    return { tracked: true, id };
  }
}
