import { Injectable } from '@nestjs/common';
import { ValidationFailed, zodErrors } from '../common/errors.filter';
import { WrongExpectedVersionError } from '../event-store/event-store';
import { EventWriter } from '../event-store/event-writer';
import { ProjectionsService } from '../projections/projections.service';
import { NewsletterSubscribed, newsletterSignupSchema, newsletterStream, normalizeEmail } from './newsletter-subscription';

const WELCOME = "You'll receive weekly Shark Tips about QR codes and marketing strategies.";

@Injectable()
export class NewsletterSignupService {
  constructor(private readonly events: EventWriter, private readonly projections: ProjectionsService) {}

  /** Appends NewsletterSubscribed with 'no_stream': a repeat finds the stream and is answered 200 as well. */
  async subscribe(body: unknown): Promise<{ message: string; alreadySubscribed: boolean }> {
    const parsed = newsletterSignupSchema.safeParse(body ?? {});
    if (!parsed.success) throw new ValidationFailed(zodErrors(parsed.error));
    const email = normalizeEmail(parsed.data.email);
    const data: NewsletterSubscribed = { email };
    try {
      const result = await this.events.append(newsletterStream(email), [this.events.event('NewsletterSubscribed', data)], 'no_stream');
      await this.projections.waitFor(result.position, ['newsletter_subscriptions']);
      return { message: WELCOME, alreadySubscribed: false };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return { message: WELCOME, alreadySubscribed: true };
      throw error;
    }
  }
}
