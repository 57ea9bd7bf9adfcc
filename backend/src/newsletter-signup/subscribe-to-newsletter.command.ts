import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ValidationFailed, zodErrors } from '../common/errors.filter';
import { WrongExpectedVersionError } from '../event-store/event-store';
import { EventWriter } from '../event-store/event-writer';
import { ProjectionsService } from '../projections/projections.service';
import { NewsletterSubscribed, newsletterSignupSchema, newsletterStream, normalizeEmail } from './newsletter-subscription';

const WELCOME = "You'll receive weekly Shark Tips about QR codes and marketing strategies.";

export type NewsletterSignupResult = { message: string; alreadySubscribed: boolean };

export class SubscribeToNewsletterCommand extends Command<NewsletterSignupResult> {
  constructor(readonly body: unknown) {
    super();
  }
}

/** Appends NewsletterSubscribed with 'no_stream': a repeat finds the stream and is answered 200 as well. */
@CommandHandler(SubscribeToNewsletterCommand)
export class SubscribeToNewsletterHandler implements ICommandHandler<SubscribeToNewsletterCommand> {
  constructor(private readonly events: EventWriter, private readonly projections: ProjectionsService) {}

  async execute({ body }: SubscribeToNewsletterCommand): Promise<NewsletterSignupResult> {
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
