import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts';
import type { RequestInfo } from '../common/request-params';
import type { TrackDownloadBody } from './codes.schemas';
import { TrackGenerationCommand, type TrackedAnswer } from './track-generation.command';
import type { TrackInput } from './tracking';
import { TrackingService } from './tracking.service';

/**
 * POST /api/track-download: one QrDownloaded for a file the generator saved in the browser (its PNG or SVG is drawn
 * there, so no server route sees it). The generator calls it once per saved file; GET /api/qrcodes/{id}/download
 * records its own downloads and the generator never calls this for those, so nothing is counted twice.
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

@CommandHandler(TrackDownloadCommand)
export class TrackDownloadHandler implements ICommandHandler<TrackDownloadCommand> {
  constructor(private readonly tracking: TrackingService) {}

  async execute({ user, tenantId, download, info }: TrackDownloadCommand): Promise<TrackedAnswer> {
    return { tracked: true, id: await this.tracking.track('QrDownloaded', user, tenantId, download, info) };
  }
}
