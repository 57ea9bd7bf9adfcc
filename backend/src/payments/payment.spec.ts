import type { Evolvable } from '../command-pipeline/command-pipeline';
import { aggregate } from '../test-support/given-when-then';
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
  type BillingState,
  type PaymentOutcome,
  type PaymentState,
} from './payment';

const payment = aggregate<PaymentState, Evolvable>(initialPayment, evolvePayment);
const billing = aggregate<BillingState, Evolvable>(initialBilling, evolveBilling);

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
    const types = (decided: { events: { type: string }[] }) => decided.events.map((event) => event.type);
    expect(types(payment.given().when((state) => decidePaymentOutcome(state, failed)).result)).toEqual(['PaymentFailed']);
    expect(types(payment.given().when((state) => decidePaymentOutcome(state, succeeded)).result)).toEqual(['PaymentSucceeded']);
    const paid = payment.given({ type: 'PaymentSucceeded', data: succeeded.data });
    paid.when((state) => decidePaymentOutcome(state, succeeded)).then({ events: [], ignored: 'already succeeded' });
    paid.when((state) => decidePaymentOutcome(state, failed)).then({ events: [], ignored: 'failure after success' });
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
    const user = billing.given(registered);
    const sub = (status: string, id = 'sub_1') => ({ id, status, customerId: 'cus_1', currentPeriodEnd: null });
    const apply = (state: BillingState, created: number, status: string, id = 'sub_1') =>
      billing.fold(decideSubscription(state, userId, sub(status, id), created).events, state);

    it('records the retrieved subscription with Stripe ids and the event time', () => {
      user
        .when((state) => decideSubscription(state, userId, sub('active'), 100))
        .then({
          events: [
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
          ],
        });
    });

    it('an event older than the last one applied for the subscription changes nothing, whatever it says', () => {
      const canceled = apply(user.state, 200, 'canceled');
      expect(decideSubscription(canceled, userId, sub('active'), 150)).toEqual({
        events: [],
        ignored: 'older than the last event applied',
      });
      expect(apply(canceled, 250, 'active').subscriptionStatus).toBe('active');
    });

    it('an ended older subscription never overwrites a newer live one', () => {
      const live = apply(user.state, 100, 'active', 'sub_new');
      expect(decideSubscription(live, userId, sub('canceled', 'sub_old'), 300).events).toEqual([]);
      expect(apply(live, 300, 'active', 'sub_other').subscriptionId).toBe('sub_other');
    });

    it('an unknown user is not written to', () => {
      billing
        .given()
        .when((state) => decideSubscription(state, userId, sub('active'), 1))
        .then({ events: [], ignored: 'unknown user' });
    });
  });
});
