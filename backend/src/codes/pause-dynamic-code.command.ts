import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts/auth';
import { CodesService } from './codes.service';
import { decidePause } from './qr-code';

export class PauseDynamicCodeCommand extends Command<unknown> {
  constructor(readonly user: AuthUser, readonly qrId: string, readonly ifMatch?: bigint) {
    super();
  }
}

@CommandHandler(PauseDynamicCodeCommand)
export class PauseDynamicCodeHandler implements ICommandHandler<PauseDynamicCodeCommand> {
  constructor(private readonly codes: CodesService) {}

  execute({ user, qrId, ifMatch }: PauseDynamicCodeCommand) {
    return this.codes.change(user, qrId, ifMatch, (state) => decidePause(state, { userId: user.id, tenantId: user.tenantId }));
  }
}
