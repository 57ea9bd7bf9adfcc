import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { dynamicLink } from '@qrsharks/qr-core';
import type { AuthUser } from '../../accounts';
import { CommandPipeline, STALE_VERSION } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { expectedVersion, type ExpectedVersion } from '../../command-pipeline/versions';
import type { CodeChanges } from '../model/code-input';
import type { CodeDto, DeletedCodeDto } from '../read-model/code-dto';
import { renderCode } from '../generator/code-rendering';
import type { CodeChangesInput } from './code-requests';
import { CodesQueryService } from '../read-model/codes-query.service';
import { CODE_AND_REDIRECT } from '../read-model/codes.projection';
import { UPLOADED_FILES_PROJECTION } from '../uploads/uploads.projection';
import type { DestinationPolicy } from '../destinations/destination';
import { DestinationPolicies } from '../destinations/destination-policies';
import { assertOwner, contentDestination, decideUpdate, evolveQr, initialQr, type QrState } from '../model/qr-code';
import { qrStream, type QrEvent, type StoredStyle } from '../model/qr-code.events';
import type { FileUpload } from '../uploads/file-upload';
import { UploadsService, type PreparedUpload } from '../uploads/uploads.service';

/**
 * PUT /api/dynamic-qrcodes/{id} (`routeMode` 'dynamic') and PUT /api/qrcodes/{id}: destination, style fields, a new
 * logo, removeLogo and qrData in one command; all resulting events land together at one revision.
 */
export class UpdateQrCodeCommand extends Command<CodeDto | DeletedCodeDto> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    readonly changes: CodeChanges,
    readonly logo: FileUpload | null,
    /** If-Match (412 when stale), else the body's expectedVersion (409 when stale), else none (re-decided on a race). */
    readonly expected: ExpectedVersion | undefined,
    readonly routeMode?: 'dynamic',
  ) {
    super();
  }

  /** The parsed body (codeChangesInputSchema), the logo sent as a file, and If-Match. */
  static from(
    user: AuthUser,
    qrId: string,
    input: CodeChangesInput,
    logo: FileUpload | null,
    ifMatch: string | undefined,
    routeMode?: 'dynamic',
  ): UpdateQrCodeCommand {
    return new UpdateQrCodeCommand(user, qrId, input.changes, logo, expectedVersion(ifMatch, input.expectedVersion), routeMode);
  }
}

const staleError = (expected: ExpectedVersion) => new DomainError(expected.source === 'if-match' ? 'stale' : 'conflict', STALE_VERSION);

/**
 * Load `qr-{id}` -> decideUpdate (pure) -> a style change must still print -> append at the loaded revision -> wait
 * for the codes projection -> answer. A new logo is checked once the code is known to be the caller's, and only once
 * however often a race makes the decision run again; its FileUploaded is appended with the change (one transaction),
 * its bytes written just before and removed when nothing committed. Decided once per attempt.
 */
@CommandHandler(UpdateQrCodeCommand)
export class UpdateQrCodeHandler implements ICommandHandler<UpdateQrCodeCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: CodesQueryService,
    private readonly uploads: UploadsService,
    private readonly destinations: DestinationPolicies,
  ) {}

  async execute({ user, qrId, changes, logo, expected, routeMode }: UpdateQrCodeCommand): Promise<CodeDto | DeletedCodeDto> {
    const actor = { userId: user.id, tenantId: user.tenantId };
    const stream = qrStream(qrId);
    let policy: DestinationPolicy | null = null;
    let logoUpload: PreparedUpload | null = null;
    return this.pipeline
      .execute({
        actor: { actorId: user.id, tenantId: user.tenantId },
        // A new logo is served from the uploaded-files read model (/logo/{id}): the answer names it.
        waitFor: logo ? [...CODE_AND_REDIRECT, UPLOADED_FILES_PROJECTION] : CODE_AND_REDIRECT,
        onConflict: expected ? () => staleError(expected) : undefined,
        plan: async (ctx) => {
          const loaded = await ctx.load<QrState>(stream, initialQr, evolveQr);
          if (expected && loaded.revision !== expected.version) throw staleError(expected);
          // The logo is checked once the code is known to be the caller's, and only once however often a race re-runs the plan.
          if (logo) assertOwner(loaded.state, actor);
          if (logo) logoUpload ??= await this.uploads.prepare('logo', logo, user);
          const logoFields = logoUpload
            ? { logoFileName: logoUpload.upload.originalName, logoFilePath: `/logo/${logoUpload.upload.uploadId}` }
            : null;
          // The destination this change may set: the one named, else one the new content leads to (web and map codes).
          const destination =
            changes.destination ?? (changes.content && contentDestination(loaded.state.code?.qrType ?? '', changes.content));
          if (destination !== undefined) policy ??= await this.destinations.current([destination]);
          const events = decideUpdate(loaded.state, actor, changes, logoFields, policy ?? NO_DESTINATION, routeMode);
          assertPrintable(loaded.state, events);
          // The logo's event goes in the same append as the change that uses it (one transaction).
          if (logoUpload) await logoUpload.write();
          return {
            appends: [...(logoUpload ? [logoUpload.append] : []), { streamId: stream, events }],
            answer: (committed) => {
              const appended = committed.streams.get(stream);
              const state = (appended?.events ?? []).reduce(evolveQr, loaded.state);
              return this.codes.answer(state, appended?.revision ?? loaded.revision, committed.caughtUp);
            },
          };
        },
      })
      .catch(async (error: unknown) => {
        await logoUpload?.discard();
        throw error;
      });
  }
}

/** An update that sets no destination decides nothing about one: this policy is never consulted then. */
const NO_DESTINATION: DestinationPolicy = { isOwnHost: () => true, allowPrivate: false };

/** A style change that would make the code unreadable (low contrast) is refused before it is stored. */
function assertPrintable(state: QrState, events: QrEvent[]): void {
  for (const event of events) {
    if (event.type !== 'QrStyleChanged' || !state.code) continue;
    const style: StoredStyle = { ...state.code.style, ...event.data.after };
    renderCode(dynamicLink('https://x.example', 'XXXXXXXX'), style, null, state.code.errorCorrectionLevel);
  }
}
