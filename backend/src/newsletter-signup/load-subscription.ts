import type { Loaded, PlanContext } from '../command-pipeline/command-pipeline';
import type { StreamNames } from '../event-store/personal-data/stream-names';
import { evolveSubscription, initialSubscription, type NewsletterSubscriptionState } from './newsletter-subscription';
import { newsletterStreams } from './newsletter-subscription.events';

/**
 * An address's subscription on one tenant's list, its stream's older names first (newsletterStreams): the subscription
 * from before lists were per tenant when it is this tenant's (by that name or its renamed one), continued by the
 * tenant's stream under its unsalted name (before issue 32), continued by its hashed stream, where every new event goes.
 * The older streams are never appended to again, so their content cannot change under a decision; seal-legacy's rename
 * moves their events to the start of the hashed stream, which moves its revision, so a decision made before loses its
 * append and decides again. The result is the hashed stream's (name and revision, for the append).
 */
export async function loadSubscription(
  ctx: PlanContext,
  names: StreamNames,
  tenantId: number,
  email: string,
): Promise<Loaded<NewsletterSubscriptionState>> {
  const streams = newsletterStreams(names, tenantId, email);
  const untenanted = await ctx.load(streams.untenanted, initialSubscription, evolveSubscription);
  const renamed = await ctx.load(streams.untenantedHashed, untenanted.state, evolveSubscription);
  const start = renamed.state.tenantId === tenantId ? renamed.state : { ...initialSubscription, tenantId };
  const legacy = await ctx.load(streams.legacy, start, evolveSubscription);
  return ctx.load(streams.stream, legacy.state, evolveSubscription);
}
