import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ValidationFailed, zodErrors } from '../common/errors.filter';
import { EventWriter } from '../event-store/event-writer';
import { contactMessageSchema, contactStream, ContactMessageReceived } from './contact-message';
import { ContactRateLimit } from './contact-rate-limit';

@Injectable()
export class ContactService {
  constructor(private readonly events: EventWriter, private readonly rateLimit: ContactRateLimit) {}

  /** Validates, limits per IP, then records the message as ContactMessageReceived on its own stream. */
  async receive(body: unknown, ip: string): Promise<{ message: string; id: string }> {
    const parsed = contactMessageSchema.safeParse(body ?? {});
    if (!parsed.success) throw new ValidationFailed(zodErrors(parsed.error));
    await this.rateLimit.hit(ip);
    const messageId = randomUUID();
    const data: ContactMessageReceived = { messageId, ...parsed.data };
    await this.events.append(contactStream(messageId), [this.events.event('ContactMessageReceived', data)], 'no_stream');
    return { message: "Thank you for contacting us. We'll get back to you within 24 hours.", id: messageId };
  }
}
