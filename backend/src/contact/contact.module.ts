import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller';
import { ContactRateLimit } from './contact-rate-limit';
import { SendContactMessageHandler } from './send-contact-message.command';

/** POST /api/contact: the website's contact form, recorded as events (no read model yet; support reads the stream). */
@Module({
  controllers: [ContactController],
  providers: [SendContactMessageHandler, ContactRateLimit],
})
export class ContactModule {}
