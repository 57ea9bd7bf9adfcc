import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts/auth';
import { CodesService } from './codes.service';
import { decideResume } from './qr-code';

export class ResumeDynamicCodeCommand extends Command<unknown> {
  constructor(readonly user: AuthUser, readonly qrId: string, readonly ifMatch?: bigint) {
    super();
  }
}

@CommandHandler(ResumeDynamicCodeCommand)
export class ResumeDynamicCodeHandler implements ICommandHandler<ResumeDynamicCodeCommand> {
  constructor(private readonly codes: CodesService) {}

  execute({ user, qrId, ifMatch }: ResumeDynamicCodeCommand) {
    return this.codes.change(user, qrId, ifMatch, (state) => decideResume(state, { userId: user.id, tenantId: user.tenantId }));
  }
}
