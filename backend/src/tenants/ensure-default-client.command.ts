import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { EventWriter } from '../event-store/event-writer';
import { clientStream, DEFAULT_BRAND, DEFAULT_CLIENT_ID, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './client.events';

/** The fixed id of the default brand's creation event: every process may try to append it, only one lands. */
const DEFAULT_CLIENT_EVENT_ID = '00000000-0000-4000-8000-000000000001';

export class EnsureDefaultClientCommand extends Command<void> {}

/** Client 1, "QR Code Sharks", created on first start. Idempotent across restarts and concurrent starts. */
@CommandHandler(EnsureDefaultClientCommand)
export class EnsureDefaultClientHandler implements ICommandHandler<EnsureDefaultClientCommand> {
  constructor(private readonly events: EventWriter) {}

  async execute(): Promise<void> {
    const event = this.events.event(
      'ClientCreated',
      {
        clientId: DEFAULT_CLIENT_ID,
        name: DEFAULT_BRAND,
        customDomain: null,
        subdomain: null,
        logoUrl: null,
        primaryColor: DEFAULT_PRIMARY_COLOR,
        secondaryColor: DEFAULT_SECONDARY_COLOR,
        customFavicon: null,
        removeQRCodeSharksBranding: false,
        customCSS: null,
        isActive: true,
        apiKey: `qrs_${randomBytes(24).toString('hex')}`,
      },
      { id: DEFAULT_CLIENT_EVENT_ID, actorId: 'system', tenantId: DEFAULT_CLIENT_ID },
    );
    const existing = await this.events.store.readStream(clientStream(DEFAULT_CLIENT_ID), { maxCount: 1 });
    if (existing.length) return;
    await this.events.append(clientStream(DEFAULT_CLIENT_ID), [event], 'any').catch(async (error) => {
      // A concurrent start created it with the same event id, or another event sits there: both are fine.
      if ((await this.events.store.readStream(clientStream(DEFAULT_CLIENT_ID), { maxCount: 1 })).length === 0) throw error;
    });
  }
}
