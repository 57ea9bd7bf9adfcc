import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts/auth';
import { EventWriter } from '../event-store/event-writer';
import { CodesService } from './codes.service';
import { decideDelete } from './qr-code';
import { userStream } from './qr-code.events';

/** Soft delete (`mode` 'dynamic' from the dynamic route). A dynamic code frees its cap slot; its short code stays reserved forever (never reused). */
export class DeleteQrCodeCommand extends Command<unknown> {
  constructor(readonly user: AuthUser, readonly qrId: string, readonly mode?: 'dynamic', readonly ifMatch?: bigint) {
    super();
  }
}

@CommandHandler(DeleteQrCodeCommand)
export class DeleteQrCodeHandler implements ICommandHandler<DeleteQrCodeCommand> {
  constructor(private readonly codes: CodesService, private readonly events: EventWriter) {}

  execute({ user, qrId, mode, ifMatch }: DeleteQrCodeCommand) {
    return this.codes.change(
      user,
      qrId,
      ifMatch,
      (state) => decideDelete(state, { userId: user.id, tenantId: user.tenantId }, mode),
      (state) =>
        state.code?.mode === 'dynamic'
          ? [{ streamId: userStream(state.code.userId), events: [this.events.event('DynamicQrSlotReleased', { userId: state.code.userId, qrId: state.code.qrId }, { actorId: user.id, tenantId: user.tenantId })], expectedRevision: 'any' }]
          : [],
    );
  }
}
