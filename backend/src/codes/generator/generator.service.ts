import { Inject, Injectable } from '@nestjs/common';
import { chooseErrorCorrection, encodePayload, type ErrorCorrectionLevel, type QrType } from '@qrsharks/qr-core';
import type { AuthUser } from '../../accounts';
import { DomainError } from '../../common/domain-error';
import { ENV, Env } from '../../config/env';
import { TenantsService } from '../../tenants';
import {
  anonymousRefusal,
  DEFAULT_STORED_STYLE,
  parseQrType,
  parseStyleChanges,
  rawContentFields,
  validateFields,
} from '../model/code-input';
import { encoding, renderCode } from './code-rendering';
import type { CodeBody } from '../editing/codes.schemas';
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
  async generate(user: AuthUser | null, body: CodeBody, tenantId: number): Promise<GeneratedCode> {
    const qrType = parseQrType(body.qrType);
    const fields = validateFields(qrType, rawContentFields(body));
    const style: StoredStyle = { ...DEFAULT_STORED_STYLE, ...parseStyleChanges(body) };
    if (!user) {
      const refusal = anonymousRefusal({ qrType, style, logoFile: body.logoFile });
      if (refusal) throw DomainError.forbidden(refusal);
    }
    const { origin } = await this.tenants.brand(tenantId);
    const payload = encoding(() => encodePayload(qrType, fields, { origin }));
    const errorCorrectionLevel = chooseErrorCorrection({
      dynamic: false,
      hasLogo: typeof body.logoFile === 'string' && body.logoFile !== '',
    });
    const svg = renderCode(payload, style, null, errorCorrectionLevel);
    return {
      id: null,
      qrType,
      payload,
      qrData: payload,
      svg,
      errorCorrectionLevel,
      temporary: body.temporary === true || body.temporary === 'true',
      fields,
      style,
    };
  }

  subdomainInfo(host: string) {
    return subdomainInfo(host, this.env.BASE_DOMAIN);
  }
}
