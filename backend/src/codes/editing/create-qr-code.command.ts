import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { dynamicLink, encodePayload } from '@qrsharks/qr-core';
import { randomUUID } from 'node:crypto';
import { userStream, type AuthUser } from '../../accounts';
import { CommandPipeline, type Committed, type PlannedAppend } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import type { CodeInput } from '../model/code-input';
import type { CodeDto, DeletedCodeDto } from '../read-model/code-dto';
import { encoding, renderCode } from '../generator/code-rendering';
import { CodesQueryService } from '../read-model/codes-query.service';
import { CODES_PROJECTION } from '../read-model/codes.projection';
import { UPLOADED_FILES_PROJECTION } from '../uploads/uploads.projection';
import { unresolvedReason } from '../destinations/destination';
import { DestinationPolicies } from '../destinations/destination-policies';
import { decideCreate, decideDestination, evolveQr, initialQr, type NewCode } from '../model/qr-code';
import { qrStream, shortCodeStream } from '../model/qr-code.events';
import { IDEMPOTENCY_KEY_REUSED, idempotentQrId, requestDigest } from './idempotency';
import { CUSTOM_SHORT_CODE_TAKEN, randomShortCode } from '../model/short-code';
import { evolveAllowance, initialAllowance, type Allowance } from '../trial/allowance';
import { TrialService } from '../trial/trial.service';
import type { FileUpload } from '../uploads/file-upload';
import { uploadPath } from '../uploads/upload.events';
import { UploadsService } from '../uploads/uploads.service';

/** A lost short-code or cap race re-decides (a fresh short code, a fresh count); every racer of a busy user gets its turn. */
const CREATE_ATTEMPTS = 100;

/** POST /api/qrcodes (qrMode static or dynamic) and POST /api/dynamic-qrcodes (always dynamic). */
export class CreateQrCodeCommand extends Command<CodeDto | DeletedCodeDto> {
  constructor(
    readonly user: AuthUser,
    readonly input: CodeInput,
    readonly logo: FileUpload | null,
    /** The request's `Idempotency-Key`, or null: one code per key and user (codes/editing/idempotency.ts). */
    readonly idempotencyKey: string | null = null,
  ) {
    super();
  }

  /** The parsed body (codeInputSchema) and the logo sent as a file, if any. */
  static from(user: AuthUser, input: CodeInput, logo: FileUpload | null, idempotencyKey: string | null = null): CreateQrCodeCommand {
    // A logo covers modules: always H then (the renderer would force it anyway, so the stored level tells the truth).
    return new CreateQrCodeCommand(user, logo ? { ...input, errorCorrectionLevel: 'H' } : input, logo, idempotencyKey);
  }
}

/**
 * Resolves the upload a pdf or images code points to, refuses what cannot be printed and a logo that cannot be used,
 * then decides once (decideCreate, in the plan) and appends through the pipeline in one transaction: the logo's
 * FileUploaded on a new `upload-{id}`, QrCreated on `qr-{id}` ('no_stream'), and for dynamic codes ShortCodeReserved
 * on `shortcode-{code}` ('no_stream') and DynamicQrSlotTaken on `user-{id}` (at the revision the cap was decided on),
 * all or nothing. The logo's bytes are written just before that append and removed when it does not commit.
 */
@CommandHandler(CreateQrCodeCommand)
export class CreateQrCodeHandler implements ICommandHandler<CreateQrCodeCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: CodesQueryService,
    private readonly uploads: UploadsService,
    private readonly trial: TrialService,
    private readonly destinations: DestinationPolicies,
  ) {}

  async execute({ user, input, logo, idempotencyKey }: CreateQrCodeCommand): Promise<CodeDto | DeletedCodeDto> {
    const qrId = idempotencyKey ? idempotentQrId(user.id, idempotencyKey) : randomUUID();
    const idempotency = idempotencyKey ? { key: idempotencyKey, digest: requestDigest(input, logo) } : null;
    // A retry of a keyed create answers the code it made, before any cap or logo work.
    const earlier = idempotency ? await this.earlier(qrId, idempotency.digest) : null;
    if (earlier) return earlier;
    const dynamic = input.mode === 'dynamic';
    const { origin } = await this.codes.brand(user.tenantId);
    const fields = await this.withUpload(user, input);
    // A static code's links are checked against the blocklist only (nothing is resolved: /d/ never sends anyone there).
    const policy = await this.destinations.current(dynamic ? [input.destination, fields.url] : []);
    const destination = decideDestination(
      { qrId, mode: input.mode, qrType: input.qrType, fields, destination: input.destination },
      origin,
      policy,
    );
    const unresolved = dynamic ? unresolvedReason(destination, policy) : undefined;
    const draft: NewCode = {
      qrId,
      userId: user.id,
      mode: input.mode,
      qrType: input.qrType,
      destination,
      fields,
      style: input.style,
      errorCorrectionLevel: input.errorCorrectionLevel,
      logoFileName: null,
      logoFilePath: null,
      ...(idempotency ? { idempotency } : {}),
      ...(unresolved ? { destinationUnresolved: unresolved } : {}),
    };

    // Refuse what cannot be printed (too much data, unreadable colours) and a logo that cannot be used, before deciding.
    const contentId = typeof fields.uploadId === 'string' ? fields.uploadId : qrId;
    const payload = dynamic
      ? dynamicLink(origin, 'XXXXXXXX')
      : encoding(() => encodePayload(input.qrType, fields, { origin, id: contentId }));
    renderCode(payload, input.style, null, input.errorCorrectionLevel);
    const logoUpload = logo ? await this.uploads.prepare('logo', logo, user) : null;
    const code: NewCode = logoUpload
      ? { ...draft, logoFileName: logoUpload.upload.originalName, logoFilePath: `/logo/${logoUpload.upload.uploadId}` }
      : draft;

    return this.pipeline
      .execute({
        actor: { actorId: user.id, tenantId: user.tenantId },
        // The logo is served from the uploaded-files read model (/logo/{id}): the answer names it.
        waitFor: logoUpload ? [CODES_PROJECTION, UPLOADED_FILES_PROJECTION] : [CODES_PROJECTION],
        attempts: CREATE_ATTEMPTS,
        // A new random id cannot exist: a conflict on qr-{id} is not a race to re-decide. A keyed id can: a concurrent
        // request with the same key made it, and the plan, run again, answers that code.
        onConflict: (conflict, attempt) => {
          if (conflict.streamId === qrStream(qrId) && !idempotency) return new DomainError('conflict', 'This QR code already exists');
          // A chosen back-half is not re-drawn: taken is taken. With a key, the plan runs once more (a concurrent request
          // with the same key may have taken it for this very code, and the plan then answers that code).
          if (input.customShortCode && conflict.streamId === shortCodeStream(input.customShortCode) && (!idempotency || attempt > 1))
            return DomainError.conflict(CUSTOM_SHORT_CODE_TAKEN, 'customShortCode');
          return true;
        },
        plan: async (ctx) => {
          const made = idempotency ? await this.earlier(qrId, idempotency.digest) : null;
          if (made) return { appends: [], answer: () => made };
          const allowance = dynamic ? await ctx.load<Allowance>(userStream(user.id), initialAllowance, evolveAllowance) : null;
          const shortCode = input.customShortCode ?? randomShortCode();
          // Decided once per attempt, here: the cap, the short code and the logo go in one append (one transaction).
          const decision = decideCreate(allowance?.state ?? null, this.trial.limits, new Date(), code, shortCode, input.name);
          if (logoUpload) await logoUpload.write();
          const appends: PlannedAppend[] = [
            ...(logoUpload ? [logoUpload.append] : []),
            { streamId: shortCodeStream(shortCode), events: decision.shortCode, expectedRevision: 'no_stream' },
            { streamId: userStream(user.id), events: decision.user },
            { streamId: qrStream(qrId), events: decision.qr, expectedRevision: 'no_stream' },
          ];
          return { appends, answer: (committed) => this.answer(qrId, committed) };
        },
      })
      .catch(async (error: unknown) => {
        await logoUpload?.discard();
        throw error;
      });
  }

  /** The code a keyed create already made (same key, same request), or null; the same key with another request: 409. */
  private async earlier(qrId: string, digest: string): Promise<CodeDto | DeletedCodeDto | null> {
    const loaded = await this.codes.load(qrId);
    if (!loaded) return null;
    if (loaded.state.code.idempotency?.digest !== digest) throw new DomainError('conflict', IDEMPOTENCY_KEY_REUSED);
    return this.codes.answer(loaded.state, loaded.revision, true);
  }

  private answer(qrId: string, committed: Committed) {
    const appended = committed.streams.get(qrStream(qrId));
    const state = (appended?.events ?? []).reduce(evolveQr, initialQr);
    return this.codes.answer(state, appended?.revision ?? 0n, committed.caughtUp);
  }

  /** pdf and images codes point at an earlier upload of the same user (POST /api/upload-pdf, /api/upload-image). */
  private async withUpload(user: AuthUser, input: CodeInput): Promise<Record<string, unknown>> {
    if (input.qrType !== 'pdf' && input.qrType !== 'images') return input.fields;
    const kind = input.qrType === 'pdf' ? 'pdf' : 'image';
    const reference = (kind === 'pdf' ? input.pdfUrl : input.imageUrl) ?? input.uploadId;
    const upload = await this.uploads.ownedByReference(reference, user, kind);
    if (reference && !upload)
      throw DomainError.invalid({
        [kind === 'pdf' ? 'pdfUrl' : 'imageUrl']: `The uploaded ${kind === 'pdf' ? 'PDF' : 'image'} was not found`,
      });
    if (!upload) return input.fields;
    const url = uploadPath(upload.storedName);
    return kind === 'pdf'
      ? { ...input.fields, uploadId: upload.uploadId, pdfUrl: url, pdfFileName: upload.originalName }
      : { ...input.fields, uploadId: upload.uploadId, imageUrl: url, imageFileName: upload.originalName };
  }
}
