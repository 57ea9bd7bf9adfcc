import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { userStream, type AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { ExpectedVersion } from '../../command-pipeline/versions';
import type { DeletedCodeDto } from '../read-model/code-dto';
import { decideDelete, evolveQr, initialQr, releasedSlot } from '../model/qr-code';
import { qrStream } from '../model/qr-code.events';
import { CODE_AND_REDIRECT } from '../read-model/codes.projection';

/**
 * Soft delete (`mode` 'dynamic' from the dynamic route). A dynamic code frees its cap slot; its short code
 * stays reserved forever (never reused).
 */
export class DeleteQrCodeCommand extends Command<DeletedCodeDto> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    readonly mode: 'dynamic' | undefined,
    readonly expected: ExpectedVersion | undefined,
  ) {
    super();
  }
}

/**
 * QrDeleted on `qr-{id}` at the loaded revision, with DynamicQrSlotReleased on `user-{owner}` in the same append.
 * That stream is appended with 'any': releasing a slot is decided by the code's stream, not by the user's.
 * The answer says the code is gone (built from nothing but the id); the wait for the codes projection is so the
 * list the client shows next no longer has it, and it is bounded like every wait.
 */
@CommandHandler(DeleteQrCodeCommand)
export class DeleteQrCodeHandler implements ICommandHandler<DeleteQrCodeCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ user, qrId, mode, expected }: DeleteQrCodeCommand): Promise<DeletedCodeDto> {
    return this.pipeline.run({
      stream: qrStream(qrId),
      initial: initialQr,
      evolve: evolveQr,
      expected,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: CODE_AND_REDIRECT,
      decide: (state) => decideDelete(state, { userId: user.id, tenantId: user.tenantId }, mode),
      also: (state) => [{ streamId: userStream(state.code?.userId ?? user.id), events: releasedSlot(state), expectedRevision: 'any' }],
      answer: () => ({ id: qrId, deleted: true }),
    });
  }
}
