import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline, currentActor } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { loadSubscription } from './load-subscription';
import { decideConfirm, decideUnsubscribe } from './newsletter-subscription';
import { newsletterStream } from './newsletter-subscription.events';
import { verifyNewsletterToken } from './newsletter-tokens';
import { NEWSLETTER_SUBSCRIPTIONS_PROJECTION } from './newsletter-subscriptions.projection';

export const CONFIRM_LINK_INVALID = 'This confirmation link is invalid. Please sign up again.';
export const CONFIRM_LINK_EXPIRED = 'This confirmation link has expired. Please sign up again.';
export const CONFIRMED = 'Your subscription is confirmed. Welcome to the pack!';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is invalid.';
export const UNSUBSCRIBED = 'You have been unsubscribed and will receive no more newsletters.';
export const ALREADY_UNSUBSCRIBED = 'This address is not subscribed (any more): there is nothing to unsubscribe.';

/**
 * The two signed links of the newsletter: confirm (double opt-in) and unsubscribe (RFC 8058 one-click and the page).
 * Both act on the list of the tenant the link was signed for (its `t`, whichever host it is opened on) and append to
 * that tenant's stream of the address at the revision they loaded; a second use finds the work done and records
 * nothing (answered 200 with `already: true`); a tampered or foreign token is 400 before anything is read.
 */
@Injectable()
export class NewsletterLinks {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  confirm(token: unknown): Promise<{ message: string; alreadyConfirmed: boolean }> {
    const claims = verifyNewsletterToken(this.env.SESSION_SECRET, token, 'confirm');
    if (!claims) throw DomainError.invalid(CONFIRM_LINK_INVALID, 'token');
    if (claims.exp < Date.now()) throw DomainError.invalid(CONFIRM_LINK_EXPIRED, 'token');
    const stream = newsletterStream(claims.t, claims.email);
    return this.pipeline.execute({
      actor: { ...currentActor(), tenantId: claims.t },
      waitFor: [NEWSLETTER_SUBSCRIPTIONS_PROJECTION],
      plan: async (ctx) => {
        const loaded = await loadSubscription(ctx, claims.t, claims.email);
        const events = decideConfirm(loaded.state, claims.email, claims.sub);
        return { appends: [{ streamId: stream, events }], answer: () => ({ message: CONFIRMED, alreadyConfirmed: events.length === 0 }) };
      },
    });
  }

  unsubscribe(token: unknown, via: 'one-click' | 'page'): Promise<{ message: string; alreadyUnsubscribed: boolean }> {
    const claims = verifyNewsletterToken(this.env.SESSION_SECRET, token, 'unsubscribe');
    if (!claims) throw DomainError.invalid(UNSUBSCRIBE_LINK_INVALID, 'token');
    const stream = newsletterStream(claims.t, claims.email);
    return this.pipeline.execute({
      actor: { ...currentActor(), tenantId: claims.t },
      waitFor: [NEWSLETTER_SUBSCRIPTIONS_PROJECTION],
      plan: async (ctx) => {
        const loaded = await loadSubscription(ctx, claims.t, claims.email);
        const events = decideUnsubscribe(loaded.state, claims.email, via);
        return {
          appends: [{ streamId: stream, events }],
          answer: () =>
            events.length
              ? { message: UNSUBSCRIBED, alreadyUnsubscribed: false }
              : { message: ALREADY_UNSUBSCRIBED, alreadyUnsubscribed: true },
        };
      },
    });
  }
}
