import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline, currentActor } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { STREAM_NAMES } from '../event-store/event-store.module';
import type { StreamNames } from '../event-store/personal-data/stream-names';
import { loadSubscription } from './load-subscription';
import { CONFIRM_LINK_INVALID } from './newsletter-signup.schemas';
import { decideConfirm } from './newsletter-subscription';
import { NEWSLETTER_SUBSCRIPTIONS_PROJECTION } from './newsletter-subscriptions.projection';
import { verifyNewsletterToken } from './newsletter-tokens';
import type { NewsletterConfirmedAnswer } from './newsletter-signup.answers';

export const CONFIRM_LINK_EXPIRED = 'This confirmation link has expired. Please sign up again.';
export const CONFIRMED = 'Your subscription is confirmed. Welcome to the pack!';

export type ConfirmedAnswer = NewsletterConfirmedAnswer;

/** POST /api/newsletter/confirm: the confirmation mail's link (double opt-in). */
export class ConfirmNewsletterSubscriptionCommand extends Command<ConfirmedAnswer> {
  constructor(
    /** The link's signed token (newsletter-tokens.ts). */
    readonly token: string,
  ) {
    super();
  }
}

/**
 * Acts on the list of the tenant the link was signed for (its `t`, whichever host it is opened on): a tampered or
 * foreign token is 400 and an expired one too, before anything is read; then NewsletterSubscriptionConfirmed on that
 * tenant's stream of the address at the revision loaded. A second use finds it confirmed and records nothing.
 */
@CommandHandler(ConfirmNewsletterSubscriptionCommand)
export class ConfirmNewsletterSubscriptionHandler implements ICommandHandler<ConfirmNewsletterSubscriptionCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
    @Inject(STREAM_NAMES) private readonly names: StreamNames,
  ) {}

  execute({ token }: ConfirmNewsletterSubscriptionCommand): Promise<ConfirmedAnswer> {
    const claims = verifyNewsletterToken(this.env.SESSION_SECRET, token, 'confirm');
    if (!claims) throw DomainError.invalid(CONFIRM_LINK_INVALID, 'token');
    if (claims.exp < Date.now()) throw DomainError.invalid(CONFIRM_LINK_EXPIRED, 'token');
    return this.pipeline.execute({
      actor: { ...currentActor(), tenantId: claims.t },
      waitFor: [NEWSLETTER_SUBSCRIPTIONS_PROJECTION],
      plan: async (ctx) => {
        const loaded = await loadSubscription(ctx, this.names, claims.t, claims.email);
        const events = decideConfirm(loaded.state, claims.email, claims.sub);
        return {
          appends: [{ streamId: loaded.streamId, events }],
          answer: () => ({ message: CONFIRMED, alreadyConfirmed: events.length === 0 }),
        };
      },
    });
  }
}
