import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts/auth';
import { ValidationFailed } from '../common/errors.filter';
import { CodesService, UUID_RE, type RequestInfo } from './codes.service';

/** POST /api/track-generation: one QrGenerated event; anonymous callers too. The raw IP is never stored. */
export class TrackGenerationCommand extends Command<{ tracked: true; id: string }> {
  constructor(readonly user: AuthUser | null, readonly tenantId: number, readonly body: Record<string, unknown>, readonly info: RequestInfo) {
    super();
  }
}

@CommandHandler(TrackGenerationCommand)
export class TrackGenerationHandler implements ICommandHandler<TrackGenerationCommand> {
  constructor(private readonly codes: CodesService) {}

  async execute({ user, tenantId, body, info }: TrackGenerationCommand): Promise<{ tracked: true; id: string }> {
    const qrType = typeof body.qrType === 'string' ? body.qrType.slice(0, 20) : '';
    if (!qrType) throw new ValidationFailed({ qrType: 'qrType is required' });
    const qrCodeId = typeof body.qrCodeId === 'string' && UUID_RE.test(body.qrCodeId) ? body.qrCodeId.toLowerCase() : null;
    const colour = (value: unknown) => (typeof value === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : null);
    const eventId = await this.codes.track('QrGenerated', user, tenantId, {
      qrCodeId,
      sessionId: typeof body.sessionId === 'string' ? body.sessionId : null,
      qrType,
      qrContent: typeof body.qrData === 'string' ? body.qrData : '',
      foregroundColor: colour(body.foregroundColor),
      backgroundColor: colour(body.backgroundColor),
      hasLogo: body.hasLogo === true || body.hasLogo === 'true',
    }, info);
    return { tracked: true, id: eventId };
  }
}
