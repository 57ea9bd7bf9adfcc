import {
  decidePaymentOutcome,
  decideSellerUpdate,
  decideSubscription,
  evolveBilling,
  evolvePayment,
  initialBilling,
  initialPayment,
  initialSeller,
  platformFee,
  type PaymentOutcome,
} from './payment';

const userId = '11111111-1111-4111-8111-111111111111';
const registered = { type: 'UserRegistered', data: { userId, clientId: 1, username: 'a@example.com', email: 'a@example.com' } };
const common = { paymentIntentId: 'pi_1', amount: 1999, currency: 'usd', productId: 'q', qrId: 'q', ownerId: 'o', tenantId: 1 };
const succeeded: PaymentOutcome = {
  kind: 'succeeded',
  data: { ...common, productName: 'P', connectedAccountId: 'acct_1', applicationFeeAmount: 100, paidAt: '2026-11-24T10:00:00.000Z' },
};
const failed: PaymentOutcome = {
  kind: 'failed',
  data: { ...common, message: 'Your card was declined.', failedAt: '2026-11-24T10:00:00.000Z' },
};

describe('payments: pure decisions', () => {
  it('one success per PaymentIntent; failures before it are kept, a failure after it changes nothing', () => {
    expect(decidePaymentOutcome(initialPayment, failed).events.map((event) => event.type)).toEqual(['PaymentFailed']);
    const paid = evolvePayment(initialPayment, { type: 'PaymentSucceeded', data: succeeded.data });
    expect(decidePaymentOutcome(initialPayment, succeeded).events.map((event) => event.type)).toEqual(['PaymentSucceeded']);
    expect(decidePaymentOutcome(paid, succeeded)).toEqual({ events: [], ignored: 'already succeeded' });
    expect(decidePaymentOutcome(paid, failed)).toEqual({ events: [], ignored: 'failure after success' });
  });

  it('the platform fee is a rounded percentage of the price', () => {
    expect(platformFee(1999, 5)).toBe(100);
    expect(platformFee(1000, 0)).toBe(0);
    expect(platformFee(1, 5)).toBe(0);
  });

  it('a seller update is recorded only for its own account and only when something changed', () => {
    const seller = { ...initialSeller, accountId: 'acct_1', tenantId: 1 };
    const flags = { chargesEnabled: true, payoutsEnabled: false, detailsSubmitted: true };
    expect(decideSellerUpdate(seller, userId, 'acct_other', flags)).toEqual([]);
    expect(decideSellerUpdate(seller, userId, 'acct_1', flags)).toEqual([
      { type: 'SellerAccountUpdated', data: { userId, accountId: 'acct_1', ...flags } },
    ]);
    expect(decideSellerUpdate({ ...seller, ...flags }, userId, 'acct_1', flags)).toEqual([]);
  });

  describe('subscriptions', () => {
    const user = evolveBilling(initialBilling, registered);
    const sub = (status: string, id = 'sub_1') => ({ id, status, customerId: 'cus_1', currentPeriodEnd: null });
    const apply = (state: typeof user, created: number, status: string, id = 'sub_1') => {
      const { events } = decideSubscription(state, userId, sub(status, id), created);
      return events.reduce(evolveBilling, state);
    };

    it('records the retrieved subscription with Stripe ids and the event time', () => {
      const { events } = decideSubscription(user, userId, sub('active'), 100);
      expect(events).toEqual([
        {
          type: 'SubscriptionStatusChanged',
          data: {
            userId,
            subscriptionStatus: 'active',
            stripeCustomerId: 'cus_1',
            stripeSubscriptionId: 'sub_1',
            stripeEventCreated: 100,
            currentPeriodEnd: null,
          },
        },
      ]);
    });

    it('an event older than the last one applied for the subscription changes nothing, whatever it says', () => {
      const canceled = apply(user, 200, 'canceled');
      expect(decideSubscription(canceled, userId, sub('active'), 150)).toEqual({
        events: [],
        ignored: 'older than the last event applied',
      });
      expect(apply(canceled, 250, 'active').subscriptionStatus).toBe('active');
    });

    it('an ended older subscription never overwrites a newer live one', () => {
      const live = apply(user, 100, 'active', 'sub_new');
      expect(decideSubscription(live, userId, sub('canceled', 'sub_old'), 300).events).toEqual([]);
      expect(apply(live, 300, 'active', 'sub_other').subscriptionId).toBe('sub_other');
    });

    it('an unknown user is not written to', () => {
      expect(decideSubscription(initialBilling, userId, sub('active'), 1)).toEqual({ events: [], ignored: 'unknown user' });
    });
  });
});
