import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { decideSubscribe, evolveSubscription, initialSubscription } from './newsletter-subscription';
import { newsletterStream, normalizeEmail } from './newsletter-subscription.events';

const WELCOME = "You'll receive weekly Shark Tips about QR codes and marketing strategies.";

export type NewsletterSignupResult = { message: string; alreadySubscribed: boolean };

export class SubscribeToNewsletterCommand extends Command<NewsletterSignupResult> {
  constructor(readonly email: string) {
    super();
  }
}

/**
 * NewsletterSubscribed on the address's own stream, appended at the revision loaded (`no_stream` for a new address; an
 * address that unsubscribed may sign up again). A repeat finds it subscribed and is answered 200 as well; so is the
 * loser of two racing signups: its conflict re-runs the plan, which then finds the stream written and decides
 * "already subscribed" (nothing appended), never an error. The mail dispatcher sends the confirmation mail.
 */
@CommandHandler(SubscribeToNewsletterCommand)
export class SubscribeToNewsletterHandler implements ICommandHandler<SubscribeToNewsletterCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ email }: SubscribeToNewsletterCommand): Promise<NewsletterSignupResult> {
    const address = normalizeEmail(email);
    const stream = newsletterStream(address);
    return this.pipeline.execute({
      // The subscription list (read by staff) shows the address once this answers; a lag past the bound only delays that.
      waitFor: ['newsletter_subscriptions'],
      onConflict: () => true,
      plan: async (ctx) => {
        const loaded = await ctx.load(stream, initialSubscription, evolveSubscription);
        const events = decideSubscribe(loaded.state, address);
        return {
          appends: [{ streamId: stream, events, expectedRevision: loaded.revision }],
          answer: () => ({ message: WELCOME, alreadySubscribed: events.length === 0 }),
        };
      },
    });
  }
}
