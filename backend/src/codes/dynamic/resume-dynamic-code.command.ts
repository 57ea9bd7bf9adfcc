import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { ExpectedVersion } from '../../command-pipeline/versions';
import type { CodeDto, DeletedCodeDto } from '../read-model/code-dto';
import { CodesQueryService } from '../read-model/codes-query.service';
import { decideResume, evolveQr, initialQr } from '../model/qr-code';
import { qrStream } from '../model/qr-code.events';
import { CODE_AND_REDIRECT } from '../read-model/codes.projection';

/** POST /api/dynamic-qrcodes/{id}/resume: the /d/ link redirects again. */
export class ResumeDynamicCodeCommand extends Command<CodeDto | DeletedCodeDto> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    readonly expected: ExpectedVersion | undefined,
  ) {
    super();
  }
}

@CommandHandler(ResumeDynamicCodeCommand)
export class ResumeDynamicCodeHandler implements ICommandHandler<ResumeDynamicCodeCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: CodesQueryService,
  ) {}

  execute({ user, qrId, expected }: ResumeDynamicCodeCommand): Promise<CodeDto | DeletedCodeDto> {
    return this.pipeline.run({
      stream: qrStream(qrId),
      initial: initialQr,
      evolve: evolveQr,
      expected,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: CODE_AND_REDIRECT,
      decide: (state) => decideResume(state, { userId: user.id, tenantId: user.tenantId }),
      answer: (state, committed) => this.codes.answer(state, committed.revision, committed.caughtUp),
    });
  }
}
