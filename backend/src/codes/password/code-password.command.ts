import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { ExpectedVersion } from '../../command-pipeline/versions';
import type { CodeDto, DeletedCodeDto } from '../read-model/code-dto';
import { hashCodePassword } from './code-passwords';
import { CodesQueryService } from '../read-model/codes-query.service';
import { CODE_REDIRECTS, CODES_PROJECTION } from '../read-model/codes.projection';
import { decideRemovePassword, decideSetPassword, evolveQr, initialQr } from '../model/qr-code';
import { qrStream } from '../model/qr-code.events';

/**
 * Read-your-writes for the link too: the answer waits for the redirect's read model (CODE_REDIRECTS: scans'
 * scan_targets, whose commit drops this process's cached target), so once the owner sees the lock, /d/ asks for it.
 */
const PASSWORD_READ_MODELS = [CODES_PROJECTION, CODE_REDIRECTS];

/** PUT /api/dynamic-qrcodes/{id}/password: /d/ asks for this password before it answers. */
export class SetCodePasswordCommand extends Command<CodeDto | DeletedCodeDto> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    /** Already accepted by codePasswordSchema. */
    readonly password: string,
    readonly expected: ExpectedVersion | undefined,
  ) {
    super();
  }
}

/** DELETE /api/dynamic-qrcodes/{id}/password: /d/ answers without a password again. */
export class RemoveCodePasswordCommand extends Command<CodeDto | DeletedCodeDto> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    readonly expected: ExpectedVersion | undefined,
  ) {
    super();
  }
}

@CommandHandler(SetCodePasswordCommand)
export class SetCodePasswordHandler implements ICommandHandler<SetCodePasswordCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: CodesQueryService,
  ) {}

  async execute({ user, qrId, password, expected }: SetCodePasswordCommand): Promise<CodeDto | DeletedCodeDto> {
    // Hashed before the decision (which stays pure and may run again on a conflict): only the hash is ever stored.
    const passwordHash = await hashCodePassword(password);
    const actor = { userId: user.id, tenantId: user.tenantId };
    return this.pipeline.run({
      stream: qrStream(qrId),
      initial: initialQr,
      evolve: evolveQr,
      expected,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: PASSWORD_READ_MODELS,
      decide: (state) => decideSetPassword(state, actor, passwordHash),
      answer: (state, committed) => this.codes.answer(state, committed.revision, committed.caughtUp),
    });
  }
}

@CommandHandler(RemoveCodePasswordCommand)
export class RemoveCodePasswordHandler implements ICommandHandler<RemoveCodePasswordCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: CodesQueryService,
  ) {}

  execute({ user, qrId, expected }: RemoveCodePasswordCommand): Promise<CodeDto | DeletedCodeDto> {
    const actor = { userId: user.id, tenantId: user.tenantId };
    return this.pipeline.run({
      stream: qrStream(qrId),
      initial: initialQr,
      evolve: evolveQr,
      expected,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: PASSWORD_READ_MODELS,
      decide: (state) => decideRemovePassword(state, actor),
      answer: (state, committed) => this.codes.answer(state, committed.revision, committed.caughtUp),
    });
  }
}
