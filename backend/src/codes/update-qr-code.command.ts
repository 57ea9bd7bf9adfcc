import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { dynamicLink, renderSvg, type ErrorCorrectionLevel, type QrType } from '@qrsharks/qr-core';
import type { AuthUser } from '../accounts/auth';
import { parseStyleChanges, rawContentFields, validateFields } from './code-input';
import { CodesService, renderStyle, type Files } from './codes.service';
import { decideChangeContent, decideChangeDestination, decideChangeStyle, NOT_FOUND, QrDecisionError } from './qr-code';
import { QrEvent, StoredStyle } from './qr-code.events';
import { UploadsService } from './uploads/uploads.service';

/**
 * PUT /api/dynamic-qrcodes/{id} (and PUT /api/qrcodes/{id}): destination, style fields, logoFile and qrData in one
 * command; all resulting events are appended together at one expected revision (`ifMatch`, else the body's
 * `expectedVersion`, else the loaded one).
 */
export class UpdateQrCodeCommand extends Command<unknown> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    readonly body: Record<string, unknown>,
    readonly files: Files,
    readonly ifMatch: bigint | undefined,
    readonly routeMode?: 'dynamic',
  ) {
    super();
  }
}

@CommandHandler(UpdateQrCodeCommand)
export class UpdateQrCodeHandler implements ICommandHandler<UpdateQrCodeCommand> {
  constructor(private readonly codes: CodesService, private readonly uploads: UploadsService) {}

  execute({ user, qrId, body, files, ifMatch, routeMode }: UpdateQrCodeCommand) {
    const actor = { userId: user.id, tenantId: user.tenantId };
    return this.codes.change(user, qrId, ifMatch ?? this.codes.bodyVersion(body), async (state) => {
      if (routeMode && state.code?.mode !== routeMode) throw new QrDecisionError(NOT_FOUND, 404);
      const out: QrEvent[] = [];
      const styleChanges: Record<string, unknown> = parseStyleChanges(body ?? {});
      const touchesContent = body?.qrData !== undefined;
      const hasDestination = body !== undefined && 'destination' in (body ?? {});
      if (!hasDestination && !touchesContent && !Object.keys(styleChanges).length && !files?.logoFile?.[0]) {
        if (state.code?.mode === 'dynamic') throw new QrDecisionError('URL is required', 400, 'destination');
        throw new QrDecisionError('Nothing to change', 400);
      }
      if (hasDestination) out.push(...decideChangeDestination(state, actor, body.destination));
      if (touchesContent && state.code) {
        const fields = validateFields(state.code.qrType as QrType, rawContentFields({ qrData: body.qrData }));
        // Upload references stay unless replaced.
        for (const key of ['uploadId', 'pdfUrl', 'pdfFileName', 'imageUrl', 'imageFileName']) if (state.code.fields[key] !== undefined && fields[key] === undefined) fields[key] = state.code.fields[key];
        out.push(...decideChangeContent(state, actor, fields));
      }
      const logoPart = files?.logoFile?.[0];
      if (logoPart) {
        const stored = await this.uploads.store('logo', logoPart, user);
        Object.assign(styleChanges, { logoFileName: stored.originalName, logoFilePath: `/logo/${stored.id}` });
      }
      if (body?.removeLogo === true || body?.removeLogo === 'true') Object.assign(styleChanges, { logoFileName: null, logoFilePath: null });
      const styleEvents = decideChangeStyle(state, actor, styleChanges);
      if (styleEvents.length && state.code) {
        const merged = { ...state.code.style, ...(styleEvents[0].data as { after: Partial<StoredStyle> }).after };
        renderSvg(dynamicLink('https://x.example', 'XXXXXXXX'), renderStyle(merged as StoredStyle, null), { errorCorrectionLevel: state.code.errorCorrectionLevel as ErrorCorrectionLevel });
      }
      out.push(...styleEvents);
      return out;
    });
  }
}
