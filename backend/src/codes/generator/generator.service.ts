import { Inject, Injectable } from '@nestjs/common';
import { chooseErrorCorrection, encodePayload, type ErrorCorrectionLevel, type QrType } from '@qrsharks/qr-core';
import type { AuthUser } from '../../accounts';
import { DomainError } from '../../common/domain-error';
import { ENV, Env } from '../../config/env';
import { TenantsService } from '../../tenants';
import { anonymousRefusal } from '../model/code-input';
import { encoding, renderCode } from './code-rendering';
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
}

/** The generator's server side: previews (POST /api/generate-qrcode, which stores nothing) and the subdomain's preselection. */
@Injectable()
export class GeneratorService {
  constructor(
    private readonly tenants: TenantsService,
    @Inject(ENV) private readonly env: Env,
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
    };
  }

  subdomainInfo(host: string) {
    return subdomainInfo(host, this.env.BASE_DOMAIN);
  }
}
