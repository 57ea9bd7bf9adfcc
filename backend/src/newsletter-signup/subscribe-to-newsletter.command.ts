import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RateLimiter } from '../accounts';
import { CommandPipeline, currentActor } from '../command-pipeline/command-pipeline';
import { STREAM_NAMES } from '../event-store/event-store.module';
import type { StreamNames } from '../event-store/personal-data/stream-names';
import { loadSubscription } from './load-subscription';
import { decideSubscribe } from './newsletter-subscription';
import { normalizeEmail } from './newsletter-subscription.events';
import { NEWSLETTER_SUBSCRIPTIONS_PROJECTION } from './newsletter-subscriptions.projection';
import type { NewsletterSignupAnswer } from './newsletter-signup.answers';

export const NEWSLETTER_TOO_MANY = 'Too many sign-ups from your network. Please wait a few minutes and try again.';
const WELCOME = "You'll receive weekly Shark Tips about QR codes and marketing strategies.";

export type NewsletterSignupResult = NewsletterSignupAnswer;

export class SubscribeToNewsletterCommand extends Command<NewsletterSignupResult> {
  constructor(
    readonly email: string,
    /** The client's address (common/client-ip.ts): sign-ups are limited per IP, since each one mails a confirmation. */
    readonly ip: string,
  ) {
    super();
  }
}

/**
 * Limited per IP first (every new sign-up mails its address; the limit is the accounts' RateLimiter's), then
 * NewsletterSubscribed on the stream of the address on the request's tenant's list, appended at the revision loaded
 * (`no_stream` for a new address; an address that unsubscribed may sign up again). A repeat finds it subscribed and
 * is answered 200 as well; so is the loser of two racing signups: its conflict re-runs the plan, which then finds
 * the stream written and decides "already subscribed" (nothing appended), never an error. The mail dispatcher sends
 * the confirmation mail.
 */
@CommandHandler(SubscribeToNewsletterCommand)
export class SubscribeToNewsletterHandler implements ICommandHandler<SubscribeToNewsletterCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rateLimiter: RateLimiter,
    @Inject(STREAM_NAMES) private readonly names: StreamNames,
  ) {}

  async execute({ email, ip }: SubscribeToNewsletterCommand): Promise<NewsletterSignupResult> {
    await this.rateLimiter.hitIp('newsletter-signup', ip, NEWSLETTER_TOO_MANY);
    const address = normalizeEmail(email);
    const { tenantId } = currentActor();
    return this.pipeline.execute({
      // The subscription list (read by staff) shows the address once this answers; a lag past the bound only delays that.
      waitFor: [NEWSLETTER_SUBSCRIPTIONS_PROJECTION],
      onConflict: () => true,
      plan: async (ctx) => {
        const loaded = await loadSubscription(ctx, this.names, tenantId, address);
        const events = decideSubscribe(loaded.state, address);
        return {
          appends: [{ streamId: loaded.streamId, events, expectedRevision: loaded.revision }],
          answer: () => ({ message: WELCOME, alreadySubscribed: events.length === 0 }),
        };
      },
    });
  }
}
