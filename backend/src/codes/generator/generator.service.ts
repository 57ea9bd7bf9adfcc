import { Inject, Injectable } from '@nestjs/common';
import { chooseErrorCorrection, encodePayload, type ErrorCorrectionLevel, type QrType } from '@qrsharks/qr-core';
import type { AuthUser } from '../../accounts';
import { DomainError } from '../../common/domain-error';
import { ENV, Env } from '../../config/env';
import { TenantsService } from '../../tenants';
import { anonymousRefusal } from '../model/code-input';
import { RenderError, RenderPool } from '../../rendering/render-pool';
import { checkScannability, type ScanReport } from '../../rendering/scannability';
import { encoding, renderCode, renderStyle } from './code-rendering';
import type { CodePreview } from '../editing/code-requests';
import type { StoredStyle } from '../model/qr-code.events';
import { subdomainInfo } from './subdomain-info';

export interface GeneratedCode {
  id: null;
  qrType: QrType;
  payload: string;
  qrData: string;
  svg: string;
  errorCorrectionLevel: ErrorCorrectionLevel;
  temporary: boolean;
  fields: Record<string, unknown>;
  style: StoredStyle;
  /** Issue 35: whether it scans at print size (two decoders) and why it might not; null when rendering is busy. */
  scannability: ScanReport | null;
}

/** The generator's server side: previews (POST /api/generate-qrcode, which stores nothing) and the subdomain's preselection. */
@Injectable()
export class GeneratorService {
  constructor(
    private readonly tenants: TenantsService,
    @Inject(ENV) private readonly env: Env,
    private readonly renders: RenderPool,
  ) {}

  /** Validates, encodes and renders; stores nothing (previews and generations alike: the client tracks them). */
  async generate(user: AuthUser | null, preview: CodePreview, tenantId: number): Promise<GeneratedCode> {
    const { qrType, fields, style } = preview;
    if (!user) {
      const refusal = anonymousRefusal({ qrType, style, logoFile: preview.logoFile });
      if (refusal) throw DomainError.forbidden(refusal);
    }
    const { origin } = await this.tenants.brand(tenantId);
    const payload = encoding(() => encodePayload(qrType, fields, { origin }));
    const errorCorrectionLevel = chooseErrorCorrection({
      dynamic: false,
      hasLogo: typeof preview.logoFile === 'string' && preview.logoFile !== '',
    });
    const svg = renderCode(payload, style, null, errorCorrectionLevel);
    const scannability = await this.scannability(payload, svg, style, errorCorrectionLevel);
    return {
      id: null,
      qrType,
      payload,
      qrData: payload,
      svg,
      errorCorrectionLevel,
      temporary: preview.temporary,
      fields,
      style,
      scannability,
    };
  }

  /** The check runs in a render process; a full pool answers null rather than hold the preview. */
  private async scannability(
    payload: string,
    svg: string,
    style: StoredStyle,
    errorCorrectionLevel: ErrorCorrectionLevel,
  ): Promise<ScanReport | null> {
    try {
      return await checkScannability(this.renders, { payload, svg, style: renderStyle(style, null), errorCorrectionLevel });
    } catch (error) {
      if (error instanceof RenderError) return null;
      throw error;
    }
  }

  subdomainInfo(host: string) {
    return subdomainInfo(host, this.env.BASE_DOMAIN);
  }
}
