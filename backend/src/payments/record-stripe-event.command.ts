import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { userStream } from '../accounts';
import { CommandPipeline, Decided, PlanContext, PlannedAppend } from '../command-pipeline';
import { paymentStream, sellerStream, stripeEventStream, StripeEventReceived } from './payment.events';
import {
  AccountFlags,
  decidePaymentOutcome,
  decideSellerUpdate,
  decideSubscription,
  evolveBilling,
  evolvePayment,
  evolveSeller,
  evolveStripeEvent,
  initialBilling,
  initialPayment,
  initialSeller,
  initialStripeEvent,
  PaymentOutcome,
  SubscriptionSnapshot,
} from './payment';

/** What a verified Stripe event means for us, worked out (with any Stripe reads) before the append. */
export type StripeEffect =
  | { kind: 'payment'; paymentIntentId: string; outcome: PaymentOutcome }
  | { kind: 'subscription'; userId: string; subscription: SubscriptionSnapshot }
  | { kind: 'seller'; userId: string; accountId: string; flags: AccountFlags }
  | { kind: 'none'; reason: string };

export class RecordStripeEventCommand extends Command<{ duplicate: boolean; ignored?: string }> {
  constructor(
    readonly event: { id: string; type: string; created: number },
    readonly effect: StripeEffect,
    /** The tenant the events are recorded for (the payment's or the user's); 1 when nothing names one. */
    readonly tenantId: number,
  ) {
    super();
  }
}

/**
 * Each Stripe event once: StripeEventReceived goes to stripe-event-{id} at the revision loaded ('no_stream') in the
 * same append as what the event caused, so of ten deliveries at once one commits and the others re-decide, find the
 * event received, and append nothing.
 */
@CommandHandler(RecordStripeEventCommand)
export class RecordStripeEventHandler implements ICommandHandler<RecordStripeEventCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ event, effect, tenantId }: RecordStripeEventCommand): Promise<{ duplicate: boolean; ignored?: string }> {
    return this.pipeline.execute<{ duplicate: boolean; ignored?: string }>({
      actor: { actorId: 'stripe', tenantId },
      plan: async (ctx) => {
        const received = await ctx.load(stripeEventStream(event.id), initialStripeEvent, evolveStripeEvent);
        if (received.state.received) return { appends: [], answer: () => ({ duplicate: true }) };
        const { appends, ignored } = await this.decide(effect, event.created, ctx);
        const record: Decided<StripeEventReceived> = {
          type: 'StripeEventReceived',
          data: { eventId: event.id, stripeType: event.type, created: event.created, ...(ignored ? { ignored } : {}) },
        };
        return {
          appends: [{ streamId: received.streamId, events: [record] }, ...appends],
          answer: () => ({ duplicate: false, ...(ignored ? { ignored } : {}) }),
        };
      },
    });
  }

  private async decide(effect: StripeEffect, created: number, ctx: PlanContext): Promise<{ appends: PlannedAppend[]; ignored?: string }> {
    switch (effect.kind) {
      case 'payment': {
        const payment = await ctx.load(paymentStream(effect.paymentIntentId), initialPayment, evolvePayment);
        const { events, ignored } = decidePaymentOutcome(payment.state, effect.outcome);
        return { appends: [{ streamId: payment.streamId, events }], ignored };
      }
      case 'subscription': {
        const user = await ctx.load(userStream(effect.userId), initialBilling, evolveBilling);
        const { events, ignored } = decideSubscription(user.state, effect.userId, effect.subscription, created);
        return { appends: [{ streamId: user.streamId, events }], ignored };
      }
      case 'seller': {
        const seller = await ctx.load(sellerStream(effect.userId), initialSeller, evolveSeller);
        const events = decideSellerUpdate(seller.state, effect.userId, effect.accountId, effect.flags);
        return { appends: [{ streamId: seller.streamId, events }], ignored: events.length ? undefined : 'no change' };
      }
      case 'none':
        return { appends: [], ignored: effect.reason };
    }
  }
}
