import { Injectable, StreamableFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { dynamicLink, encodePayload } from '@qrsharks/qr-core';
import type { AuthUser } from '../../accounts';
import { DomainError } from '../../common/domain-error';
import { SERVICE_UNAVAILABLE } from '../../http/errors.filter';
import type { RequestInfo } from '../../common/request-params';
import { DOWNLOAD_SCALE } from '../../rendering/render-jobs';
import { RenderError, RenderPool } from '../../rendering/render-pool';
import { encoding, renderCode } from './code-rendering';
import { CodesQueryService } from '../read-model/codes-query.service';
import { TrackDownloadCommand } from '../tracking/track-download.command';
import { UploadsService } from '../uploads/uploads.service';

/**
 * GET /api/qrcodes/{id}/download?format=png|svg: the code rendered from its stream by the same renderer as the
 * preview (PNG at scale 3 from a render process, the logo embedded as a data: URL so the file stands alone), recorded
 * as QrDownloaded.
 */
@Injectable()
export class DownloadsService {
  constructor(
    private readonly codes: CodesQueryService,
    private readonly uploads: UploadsService,
    private readonly commandBus: CommandBus,
    private readonly renders: RenderPool,
  ) {}

  async download(user: AuthUser, qrId: string, format: 'png' | 'svg' | undefined, info: RequestInfo): Promise<StreamableFile> {
    const kind = format ?? 'png';
    const { state } = await this.codes.readable(user, qrId, false);
    const code = state.code;
    const tenantId = state.tenantId ?? user.tenantId;
    const { origin } = await this.codes.brand(tenantId);
    const contentId = typeof code.fields.uploadId === 'string' ? code.fields.uploadId : code.qrId;
    const payload =
      code.mode === 'dynamic' && code.shortCode
        ? dynamicLink(origin, code.shortCode)
        : encoding(() => encodePayload(code.qrType, code.fields, { origin, id: contentId }));
    const logo = await this.uploads.logoDataUrl(code.logoFilePath, tenantId);
    const svg = renderCode(payload, code.style, logo, code.errorCorrectionLevel);
    // Rendered before the download is recorded: a PNG that could not be made was not downloaded.
    const file = kind === 'svg' ? Buffer.from(svg) : await this.png(svg);
    const download = {
      qrCodeId: code.qrId,
      sessionId: null,
      qrType: code.qrType,
      qrContent: payload,
      foregroundColor: code.style.fgColor,
      backgroundColor: code.style.bgColor,
      hasLogo: Boolean(logo),
      downloadType: kind,
    };
    await this.commandBus.execute(new TrackDownloadCommand(user, tenantId, download, info));
    const disposition = `attachment; filename="qrcode-${code.qrType}.${kind}"`;
    return new StreamableFile(file, { type: kind === 'svg' ? 'image/svg+xml; charset=utf-8' : 'image/png', disposition });
  }

  /** The PNG from a render process. A stored code that cannot be drawn within budget is ours to fix: 503, never 500. */
  private async png(svg: string): Promise<Buffer> {
    try {
      return await this.renders.run({ kind: 'png', svg, scale: DOWNLOAD_SCALE });
    } catch (error) {
      if (error instanceof RenderError) throw new DomainError('unavailable', SERVICE_UNAVAILABLE);
      throw error;
    }
  }
}
