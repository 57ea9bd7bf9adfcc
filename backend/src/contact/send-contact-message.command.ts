import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ValidationFailed, zodErrors } from '../common/errors.filter';
import { EventWriter } from '../event-store/event-writer';
import { contactMessageSchema, contactStream, ContactMessageReceived } from './contact-message';
import { ContactRateLimit } from './contact-rate-limit';

export class SendContactMessageCommand extends Command<{ message: string; id: string }> {
  constructor(readonly body: unknown, readonly ip: string) {
    super();
  }
}

/** Validates, limits per IP, then records the message as ContactMessageReceived on its own stream (no read model to wait for). */
@CommandHandler(SendContactMessageCommand)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessageCommand> {
  constructor(private readonly events: EventWriter, private readonly rateLimit: ContactRateLimit) {}

  async execute({ body, ip }: SendContactMessageCommand): Promise<{ message: string; id: string }> {
    const parsed = contactMessageSchema.safeParse(body ?? {});
    if (!parsed.success) throw new ValidationFailed(zodErrors(parsed.error));
    await this.rateLimit.hit(ip);
    const messageId = randomUUID();
    const data: ContactMessageReceived = { messageId, ...parsed.data };
    await this.events.append(contactStream(messageId), [this.events.event('ContactMessageReceived', data)], 'no_stream');
    return { message: "Thank you for contacting us. We'll get back to you within 24 hours.", id: messageId };
  }
}
