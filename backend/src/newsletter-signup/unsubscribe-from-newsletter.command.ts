import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline, currentActor } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { STREAM_NAMES } from '../event-store/event-store.module';
import type { StreamNames } from '../event-store/personal-data/stream-names';
import { loadSubscription } from './load-subscription';
import { UNSUBSCRIBE_LINK_INVALID } from './newsletter-signup.schemas';
import { decideUnsubscribe } from './newsletter-subscription';
import { NEWSLETTER_SUBSCRIPTIONS_PROJECTION } from './newsletter-subscriptions.projection';
import { verifyNewsletterToken } from './newsletter-tokens';
import type { NewsletterUnsubscribedAnswer } from './newsletter-signup.answers';

export const UNSUBSCRIBED = 'You have been unsubscribed and will receive no more newsletters.';
export const ALREADY_UNSUBSCRIBED = 'This address is not subscribed (any more): there is nothing to unsubscribe.';

export type UnsubscribedAnswer = NewsletterUnsubscribedAnswer;

/** POST /api/newsletter/unsubscribe: RFC 8058 one-click from a mail client, or the unsubscribe page. */
export class UnsubscribeFromNewsletterCommand extends Command<UnsubscribedAnswer> {
  constructor(
    /** The link's signed token (newsletter-tokens.ts). */
    readonly token: string,
    readonly via: 'one-click' | 'page',
  ) {
    super();
  }
}

/**
 * Acts on the list of the tenant the link was signed for (its `t`): a tampered or foreign token is 400 before anything
 * is read; then NewsletterUnsubscribed on that tenant's stream of the address at the revision loaded. A second use
 * finds it unsubscribed and records nothing. No sign-in: the signature is the authority.
 */
@CommandHandler(UnsubscribeFromNewsletterCommand)
export class UnsubscribeFromNewsletterHandler implements ICommandHandler<UnsubscribeFromNewsletterCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
    @Inject(STREAM_NAMES) private readonly names: StreamNames,
  ) {}

  execute({ token, via }: UnsubscribeFromNewsletterCommand): Promise<UnsubscribedAnswer> {
    const claims = verifyNewsletterToken(this.env.SESSION_SECRET, token, 'unsubscribe');
    if (!claims) throw DomainError.invalid(UNSUBSCRIBE_LINK_INVALID, 'token');
    return this.pipeline.execute({
      actor: { ...currentActor(), tenantId: claims.t },
      waitFor: [NEWSLETTER_SUBSCRIPTIONS_PROJECTION],
      plan: async (ctx) => {
        const loaded = await loadSubscription(ctx, this.names, claims.t, claims.email);
        const events = decideUnsubscribe(loaded.state, claims.email, via);
        return {
          appends: [{ streamId: loaded.streamId, events }],
          answer: () =>
            events.length
              ? { message: UNSUBSCRIBED, alreadyUnsubscribed: false }
              : { message: ALREADY_UNSUBSCRIBED, alreadyUnsubscribed: true },
        };
      },
    });
  }
}
