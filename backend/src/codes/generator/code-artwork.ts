import { Injectable } from '@nestjs/common';
import { codeDisplayName, dynamicLink, encodePayload, type ErrorCorrectionLevel, type QrStyle } from '@qrsharks/qr-core';
import type { AuthUser } from '../../accounts';
import { DomainError } from '../../common/domain-error';
import { SERVICE_UNAVAILABLE } from '../../http/errors.filter';
import { DOWNLOAD_SCALE } from '../../rendering/render-jobs';
import { RenderError, RenderPool } from '../../rendering/render-pool';
import { checkScannability, type ScanReport } from '../../rendering/scannability';
import type { QrState } from '../model/qr-code';
import { CodesQueryService } from '../read-model/codes-query.service';
import { UploadsService } from '../uploads/uploads.service';
import { encoding, renderCode, renderStyle } from './code-rendering';

/** One code as its files are drawn: what it encodes, its styled SVG (logo embedded), its name and colours. */
export interface CodeArtworkItem {
  qrId: string;
  /** The code's one display name (typed, else from its content, else its type). */
  name: string;
  /** What the symbol encodes: the content, or a dynamic code's short link. */
  payload: string;
  errorCorrectionLevel: ErrorCorrectionLevel;
  svg: string;
  /** The style it was drawn with, as the renderer takes it (its logo as a data: URL). */
  style: Partial<QrStyle>;
  fgColor: string;
  bgColor: string;
}

/**
 * The files of stored codes for exports (issue 35: a batch's or a selection's ZIP and print PDF), drawn by the same
 * renderer as a single download: the SVG from the code's stream, the PNG at the download's scale from a render process.
 */
@Injectable()
export class CodeArtwork {
  constructor(
    private readonly codes: CodesQueryService,
    private readonly uploads: UploadsService,
    private readonly renders: RenderPool,
  ) {}

  /** The owner's live code, drawn; null when it is not theirs, deleted, or unknown (an export leaves it out). */
  async of(user: AuthUser, qrId: string): Promise<CodeArtworkItem | null> {
    const loaded = await this.codes.load(qrId);
    const state = loaded?.state;
    if (!state?.code || state.deleted || state.code.userId !== user.id || state.tenantId !== user.tenantId) return null;
    return this.draw(state as QrState & { code: NonNullable<QrState['code']> }, user.tenantId);
  }

  private async draw(state: QrState & { code: NonNullable<QrState['code']> }, tenantId: number): Promise<CodeArtworkItem> {
    const { code } = state;
    const { origin } = await this.codes.brand(tenantId);
    const contentId = typeof code.fields.uploadId === 'string' ? code.fields.uploadId : code.qrId;
    const payload =
      code.mode === 'dynamic' && code.shortCode
        ? dynamicLink(origin, code.shortCode)
        : encoding(() => encodePayload(code.qrType, code.fields, { origin, id: contentId }));
    const logo = await this.uploads.logoDataUrl(code.logoFilePath, tenantId);
    return {
      qrId: code.qrId,
      name: codeDisplayName({ qrType: code.qrType, name: state.name, fields: code.fields, destination: code.destination }),
      payload,
      errorCorrectionLevel: code.errorCorrectionLevel,
      svg: renderCode(payload, code.style, logo, code.errorCorrectionLevel),
      style: renderStyle(code.style, logo),
      fgColor: code.style.fgColor,
      bgColor: code.style.bgColor,
    };
  }

  /**
   * Would the drawn code scan once printed (issue 35: a batch lists the rows that would not)? Two decoders read it at
   * print size in a render process, never on the caller's event loop; RenderError when the pool is busy or too slow.
   */
  scan(item: CodeArtworkItem): Promise<ScanReport> {
    return checkScannability(this.renders, {
      payload: item.payload,
      svg: item.svg,
      style: item.style,
      errorCorrectionLevel: item.errorCorrectionLevel,
    });
  }

  /** The PNG from a render process. A stored code that cannot be drawn within budget is ours to fix: 503, never 500. */
  async png(svg: string): Promise<Buffer> {
    try {
      return await this.renders.run({ kind: 'png', svg, scale: DOWNLOAD_SCALE });
    } catch (error) {
      if (error instanceof RenderError) throw new DomainError('unavailable', SERVICE_UNAVAILABLE);
      throw error;
    }
  }
}
