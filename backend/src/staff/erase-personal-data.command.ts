import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { PERSONAL_DATA_KEYS } from '../event-store/event-store.module';
import { erasureStream, PERSONAL_DATA_ERASED, type PersonalDataErased } from '../event-store/personal-data/personal-data-erased';
import type { PersonalDataKeys } from '../event-store/personal-data/personal-data-keys';
import { AUDIT_PROJECTION } from './audit.projection';

export type ErasureKind = 'payer' | 'contact-sender';

export const ERASURE_DEFAULT_BRAND = "Only the default brand's admins erase personal data on request";
export const NO_PAYER = 'No payment names this address (or its data was erased already)';
export const NO_CONTACT_SENDER = 'No contact message was sent from this address (or its data was erased already)';

export class ErasePersonalDataCommand extends Command<{ erased: number }> {
  constructor(
    readonly admin: AuthUser,
    readonly kind: ErasureKind,
    readonly email: string,
  ) {
    super();
  }
}

/**
 * The staff's erasures on a person's request (issue 32 item 2), by the address the person gives: a payer's
 * (`payer:{hash}`, the key of every payment naming it) or a contact-form sender's (each `contact:{messageId}` whose
 * key the address owns, on any tenant). One `PersonalDataErased` (reason `staff-request`) per subject in one append,
 * then the keys are erased; the events name salted hashes and message ids only, so the audit log's sentence names no
 * personal data. 404 when the address has nothing left to erase.
 */
@CommandHandler(ErasePersonalDataCommand)
export class ErasePersonalDataHandler implements ICommandHandler<ErasePersonalDataCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
  ) {}

  async execute({ admin, kind, email }: ErasePersonalDataCommand): Promise<{ erased: number }> {
    if (admin.tenantId !== 1) throw DomainError.forbidden(ERASURE_DEFAULT_BRAND);
    const subjects =
      kind === 'payer'
        ? await this.keys.liveSubjects({ subject: `payer:${this.keys.hash('payer', email)}` })
        : await this.keys.liveSubjects({ prefix: 'contact:', ownerHash: this.keys.hash('email', email) });
    if (!subjects.length) throw DomainError.notFound(kind === 'payer' ? NO_PAYER : NO_CONTACT_SENDER);
    const answer = await this.pipeline.execute({
      waitFor: [AUDIT_PROJECTION],
      plan: async () => ({
        appends: subjects.map((subject) => ({
          streamId: erasureStream(subject),
          expectedRevision: 'any' as const,
          events: [{ type: PERSONAL_DATA_ERASED, data: { subject, reason: 'staff-request' } satisfies PersonalDataErased }],
        })),
        answer: () => ({ erased: subjects.length }),
      }),
    });
    for (const subject of subjects) await this.keys.erase(subject);
    return answer;
  }
}
