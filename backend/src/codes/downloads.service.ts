import { Injectable, StreamableFile } from '@nestjs/common';
import { dynamicLink, encodePayload } from '@qrsharks/qr-core';
import type { AuthUser } from '../accounts';
import type { RequestInfo } from '../common/request-params';
import { renderPng } from '../rendering/render-png';
import { encoding, renderCode } from './code-rendering';
import { CodesQueryService } from './codes-query.service';
import { TrackingService } from './tracking.service';
import { UploadsService } from './uploads/uploads.service';

/**
 * GET /api/qrcodes/{id}/download?format=png|svg: the code rendered from its stream by the same renderer as the
 * preview (PNG at scale 3, the logo embedded as a data: URL so the file stands alone), recorded as QrDownloaded.
 */
@Injectable()
export class DownloadsService {
  constructor(
    private readonly codes: CodesQueryService,
    private readonly uploads: UploadsService,
    private readonly tracking: TrackingService,
  ) {}

  async download(user: AuthUser, qrId: string, format: 'png' | 'svg' | undefined, info: RequestInfo): Promise<StreamableFile> {
    const kind = format ?? 'png';
    const { state } = await this.codes.readable(user, qrId, false);
    const code = state.code;
    const tenantId = state.tenantId ?? user.tenantId;
    const { origin } = await this.codes.brand(tenantId);
    const contentId = typeof code.fields.uploadId === 'string' ? code.fields.uploadId : code.qrId;
    const payload = code.mode === 'dynamic' && code.shortCode ? dynamicLink(origin, code.shortCode) : encoding(() => encodePayload(code.qrType, code.fields, { origin, id: contentId }));
    const logo = await this.uploads.logoDataUrl(code.logoFilePath, tenantId);
    const svg = renderCode(payload, code.style, logo, code.errorCorrectionLevel);
    await this.tracking.track('QrDownloaded', user, tenantId, {
      qrCodeId: code.qrId,
      sessionId: null,
      qrType: code.qrType,
      qrContent: payload,
      foregroundColor: code.style.fgColor,
      backgroundColor: code.style.bgColor,
      hasLogo: Boolean(logo),
      downloadType: kind,
    }, info);
    const disposition = `attachment; filename="qrcode-${code.qrType}.${kind}"`;
    return kind === 'svg'
      ? new StreamableFile(Buffer.from(svg), { type: 'image/svg+xml; charset=utf-8', disposition })
      : new StreamableFile(renderPng(svg, 3), { type: 'image/png', disposition });
  }
}
