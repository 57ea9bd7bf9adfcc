import type { Loaded, PlanContext } from '../command-pipeline/command-pipeline';
import { evolveSubscription, initialSubscription, type NewsletterSubscriptionState } from './newsletter-subscription';
import { legacyNewsletterStream, newsletterStream } from './newsletter-subscription.events';

/**
 * An address's subscription on one tenant's list: the legacy stream's subscription (from before lists were per
 * tenant) when it is this tenant's, continued by the tenant's own stream, where every new event goes. The legacy
 * stream is never appended to again, so its content cannot change under a decision.
 */
export async function loadSubscription(ctx: PlanContext, tenantId: number, email: string): Promise<Loaded<NewsletterSubscriptionState>> {
  const legacy = await ctx.load(legacyNewsletterStream(email), initialSubscription, evolveSubscription);
  const start = legacy.state.tenantId === tenantId ? legacy.state : { ...initialSubscription, tenantId };
  return ctx.load(newsletterStream(tenantId, email), start, evolveSubscription);
}
