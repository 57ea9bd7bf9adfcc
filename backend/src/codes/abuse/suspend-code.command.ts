import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { CodeDto, DeletedCodeDto } from '../read-model/code-dto';
import { CodesQueryService } from '../read-model/codes-query.service';
import { decideLiftSuspension, decideSuspend, evolveQr, initialQr } from '../model/qr-code';
import { qrStream } from '../model/qr-code.events';
import { CODE_MODERATION_VIEW, CODE_REDIRECTS, CODES_PROJECTION } from '../read-model/codes.projection';

/** POST /api/admin/codes/{id}/suspension (staff): QrSuspended, /d/ answers the disabled page at once. */
export class SuspendCodeCommand extends Command<CodeDto | DeletedCodeDto> {
  constructor(
    readonly staff: AuthUser,
    readonly qrId: string,
    readonly reason: string,
  ) {
    super();
  }
}

/** DELETE /api/admin/codes/{id}/suspension (staff): QrSuspensionLifted, the code answers as before. */
export class LiftSuspensionCommand extends Command<CodeDto | DeletedCodeDto> {
  constructor(
    readonly staff: AuthUser,
    readonly qrId: string,
  ) {
    super();
  }
}

function run(pipeline: CommandPipeline, codes: CodesQueryService, staff: AuthUser, qrId: string, decide: typeof decideLiftSuspension) {
  return pipeline.run({
    stream: qrStream(qrId),
    initial: initialQr,
    evolve: evolveQr,
    actor: { actorId: staff.id, tenantId: staff.tenantId },
    // The redirect's read model too: the answer means /d/ already says so; and the console's view of the code.
    waitFor: [CODES_PROJECTION, CODE_REDIRECTS, CODE_MODERATION_VIEW],
    decide: (state) => decide(state, staff.tenantId),
    answer: (state, committed) => codes.answer(state, committed.revision, committed.caughtUp),
  });
}

@CommandHandler(SuspendCodeCommand)
export class SuspendCodeHandler implements ICommandHandler<SuspendCodeCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: CodesQueryService,
  ) {}

  execute({ staff, qrId, reason }: SuspendCodeCommand): Promise<CodeDto | DeletedCodeDto> {
    return run(this.pipeline, this.codes, staff, qrId, (state, tenantId) => decideSuspend(state, tenantId, reason));
  }
}

@CommandHandler(LiftSuspensionCommand)
export class LiftSuspensionHandler implements ICommandHandler<LiftSuspensionCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: CodesQueryService,
  ) {}

  execute({ staff, qrId }: LiftSuspensionCommand): Promise<CodeDto | DeletedCodeDto> {
    return run(this.pipeline, this.codes, staff, qrId, decideLiftSuspension);
  }
}
