import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { decideReceive, evolveContactMessage, initialContactMessage } from './contact-message';
import type { InquiryType } from './contact-message.events';
import { contactStream } from './contact-message.events';
import { ContactRateLimit } from './contact-rate-limit';
import type { ContactAnswer } from './contact.answers';

export const CONTACT_THANKS = "Thank you for contacting us. We'll get back to you within 24 hours.";

export interface ContactMessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  inquiryType: InquiryType;
  /** Counted per address by the rate limit; not recorded. */
  ip: string;
}

export type SendContactMessageResult = ContactAnswer;

export class SendContactMessageCommand extends Command<SendContactMessageResult> {
  constructor(readonly input: ContactMessageInput) {
    super();
  }
}

/** Limits per IP, then records the message as ContactMessageReceived on its own stream (no read model to wait for). */
@CommandHandler(SendContactMessageCommand)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessageCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rateLimit: ContactRateLimit,
  ) {}

  async execute({ input }: SendContactMessageCommand): Promise<SendContactMessageResult> {
    const { ip, ...message } = input;
    await this.rateLimit.hit(ip);
    const messageId = randomUUID();
    return this.pipeline.run({
      stream: contactStream(messageId),
      initial: initialContactMessage,
      evolve: evolveContactMessage,
      decide: (state) => decideReceive(state, { messageId, ...message }),
      answer: () => ({ message: CONTACT_THANKS, id: messageId }),
    });
  }
}
