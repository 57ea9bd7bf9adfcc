import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { dynamicLink, encodePayload, renderSvg } from '@qrsharks/qr-core';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../accounts/auth';
import { ValidationFailed } from '../common/errors.filter';
import { ProjectionsService } from '../projections/projections.service';
import { parseCodeInput } from './code-input';
import { CodesService, mapped, renderStyle, type Files } from './codes.service';
import { checkDestination } from './qr-code';
import { QrCreated, URL_TYPES } from './qr-code.events';
import { TenantOrigin } from './tenant-origin';
import { uploadPath } from './uploads/upload.events';
import { UploadsService } from './uploads/uploads.service';

/** POST /api/qrcodes (qrMode static or dynamic) and POST /api/dynamic-qrcodes (`routeMode` 'dynamic': always dynamic). */
export class CreateQrCodeCommand extends Command<unknown> {
  constructor(readonly user: AuthUser, readonly body: Record<string, unknown>, readonly files: Files, readonly routeMode?: 'dynamic') {
    super();
  }
}

/**
 * Checks the input and that the code can be printed, takes a cap slot for dynamic codes (decideTakeSlot on
 * `user-{id}`), then appends QrCreated (with the short code reservation and the slot) and waits for the projections.
 */
@CommandHandler(CreateQrCodeCommand)
export class CreateQrCodeHandler implements ICommandHandler<CreateQrCodeCommand> {
  constructor(private readonly codes: CodesService, private readonly uploads: UploadsService, private readonly tenants: TenantOrigin, private readonly projections: ProjectionsService) {}

  async execute({ user, body, files, routeMode }: CreateQrCodeCommand) {
    return mapped(async () => {
      const logoPart = files?.logoFile?.[0];
      const input = parseCodeInput(body ?? {}, { mode: routeMode, hasLogo: Boolean(logoPart) });
      const qrId = randomUUID();
      const dynamic = input.mode === 'dynamic';
      const { origin } = await this.tenants.of(user.tenantId);
      let fields = input.fields;

      // pdf and images codes point at an earlier upload of the same user (POST /api/upload-pdf, /api/upload-image).
      if (input.qrType === 'pdf' || input.qrType === 'images') {
        const kind = input.qrType === 'pdf' ? 'pdf' : 'image';
        const reference = (kind === 'pdf' ? input.pdfUrl : input.imageUrl) ?? (typeof body.uploadId === 'string' ? body.uploadId : null);
        const upload = await this.uploads.ownedByReference(reference, user, kind);
        if (reference && !upload) throw new ValidationFailed({ [kind === 'pdf' ? 'pdfUrl' : 'imageUrl']: `The uploaded ${kind === 'pdf' ? 'PDF' : 'image'} was not found` });
        if (upload) {
          const url = uploadPath(upload.storedName);
          fields = kind === 'pdf' ? { ...fields, uploadId: upload.id, pdfUrl: url, pdfFileName: upload.originalName } : { ...fields, uploadId: upload.id, imageUrl: url, imageFileName: upload.originalName };
        }
      }

      let destination: string | null = null;
      if (dynamic) {
        if (URL_TYPES.includes(input.qrType)) destination = checkDestination(input.destination ?? fields.url);
        else if (input.destination) destination = checkDestination(input.destination);
        else if (input.qrType === 'payment') destination = `${origin}/payment?id=${qrId}`;
      }

      // Refuse what cannot be printed before anything is stored (too much data, unreadable colours).
      const contentId = typeof fields.uploadId === 'string' ? fields.uploadId : qrId;
      const payload = dynamic ? dynamicLink(origin, 'XXXXXXXX') : encodePayload(input.qrType, fields, { origin, id: contentId });
      renderSvg(payload, renderStyle(input.style, null), { errorCorrectionLevel: input.errorCorrectionLevel });

      if (dynamic) await this.codes.loadSlot(user, qrId); // early refusal, before the logo is stored
      let logo: { logoFileName: string | null; logoFilePath: string | null } = { logoFileName: null, logoFilePath: null };
      if (logoPart) {
        const stored = await this.uploads.store('logo', logoPart, user);
        logo = { logoFileName: stored.originalName, logoFilePath: `/logo/${stored.id}` };
      }

      const created: QrCreated = {
        qrId,
        userId: user.id,
        mode: input.mode,
        qrType: input.qrType,
        shortCode: null,
        destination,
        fields,
        style: input.style,
        errorCorrectionLevel: input.errorCorrectionLevel,
        ...logo,
      };
      const result = await this.codes.appendCreated(user, created);
      await this.projections.waitFor(result.position);
      return dynamic ? this.codes.dynamicDto(await this.codes.dynamicRow(qrId), origin) : this.codes.staticDto(await this.codes.staticRow(qrId), origin);
    });
  }
}
