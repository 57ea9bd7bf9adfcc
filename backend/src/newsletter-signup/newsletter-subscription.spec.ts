import type { Evolvable } from '../command-pipeline/command-pipeline';
import { aggregate } from '../test-support/given-when-then';
import {
  CONFIRM_LINK_STALE,
  decideConfirm,
  decideSubscribe,
  decideUnsubscribe,
  evolveSubscription,
  initialSubscription,
  type NewsletterSubscriptionState,
} from './newsletter-subscription';
import { confirmToken, unsubscribeToken, verifyNewsletterToken } from './newsletter-tokens';
import { StreamNames } from '../event-store/personal-data/stream-names';
import { newsletterStream } from './newsletter-subscription.events';
import { newsletterSignupSchema } from './newsletter-signup.schemas';

const subscription = aggregate<NewsletterSubscriptionState, Evolvable>(initialSubscription, evolveSubscription);
const subscribedEvent = { id: 'sub-1', type: 'NewsletterSubscribed', data: { email: 'a@example.com' } } as const;
const { given } = subscription;

describe('newsletter subscription', () => {
  it('given no events, when subscribing, then NewsletterSubscribed', () => {
    given()
      .when((state) => decideSubscribe(state, 'a@example.com'))
      .then([{ type: 'NewsletterSubscribed', data: { email: 'a@example.com' } }]);
  });

  it('given NewsletterSubscribed, when subscribing again, then nothing', () => {
    given(subscribedEvent)
      .when((state) => decideSubscribe(state, 'a@example.com'))
      .then([]);
  });

  it('one stream per tenant and address, whatever its case and spaces', () => {
    const names = new StreamNames('a-salt-of-sixteen-chars');
    expect(newsletterStream(names, 1, ' A@Example.com ')).toBe(newsletterStream(names, 1, 'a@example.com'));
    expect(newsletterStream(names, 2, 'a@example.com')).not.toBe(newsletterStream(names, 1, 'a@example.com'));
    expect(newsletterStream(names, 1, 'a@example.com')).toMatch(/^newsletter-h-1-[0-9a-f]{32}$/);
  });

  it('the schema trims, and answers the spec message for anything that is not an address', () => {
    expect(newsletterSignupSchema.parse({ email: ' a@example.com ' })).toEqual({ email: 'a@example.com' });
    for (const email of [undefined, '', 'not-an-email', 42, `${'x'.repeat(250)}@example.com`]) {
      expect(newsletterSignupSchema.safeParse({ email }).error?.issues[0].message).toBe('Please enter a valid email address.');
    }
  });
});

describe('newsletter subscription: double opt-in and unsubscribing (issue 22)', () => {
  const confirmed = { type: 'NewsletterSubscriptionConfirmed', data: { email: 'a@example.com', subscriptionId: 'sub-1' } } as const;
  const unsubscribed = { type: 'NewsletterUnsubscribed', data: { email: 'a@example.com', via: 'one-click' } } as const;

  it('given NewsletterSubscribed, when confirming with its id, then NewsletterSubscriptionConfirmed; again: nothing', () => {
    given(subscribedEvent)
      .when((state) => decideConfirm(state, 'a@example.com', 'sub-1'))
      .then([confirmed]);
    given(subscribedEvent, confirmed)
      .when((state) => decideConfirm(state, 'a@example.com', 'sub-1'))
      .then([]);
  });

  it('a confirmation link of an earlier subscription (or of none) is refused', () => {
    given(subscribedEvent)
      .when((state) => decideConfirm(state, 'a@example.com', 'sub-0'))
      .thenRefuses({ status: 400, message: CONFIRM_LINK_STALE });
    given()
      .when((state) => decideConfirm(state, 'a@example.com', 'sub-1'))
      .thenRefuses({ status: 400, message: CONFIRM_LINK_STALE });
  });

  it('unsubscribes once; an unsubscribed address may sign up again, unconfirmed', () => {
    given(subscribedEvent)
      .when((state) => decideUnsubscribe(state, 'a@example.com', 'one-click'))
      .then([unsubscribed]);
    const gone = given(subscribedEvent, unsubscribed);
    gone.when((state) => decideUnsubscribe(state, 'a@example.com', 'page')).then([]);
    const again = gone
      .when((state) => decideSubscribe(state, 'a@example.com'))
      .then([{ type: 'NewsletterSubscribed', data: { email: 'a@example.com' } }]);
    expect(again).toMatchObject({ subscribed: true, confirmed: false });
  });

  it('signed links: a tampered token, another purpose, or another secret is refused', () => {
    const token = unsubscribeToken('s'.repeat(32), 1, 'A@Example.com');
    expect(verifyNewsletterToken('s'.repeat(32), token, 'unsubscribe')).toMatchObject({ email: 'a@example.com', t: 1 });
    expect(verifyNewsletterToken('s'.repeat(32), token, 'confirm')).toBeNull();
    expect(verifyNewsletterToken('x'.repeat(32), token, 'unsubscribe')).toBeNull();
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'unsubscribe', email: 'b@example.com', t: 1 })).toString('base64url');
    expect(verifyNewsletterToken('s'.repeat(32), `${forged}.${signature}`, 'unsubscribe')).toBeNull();
    expect(verifyNewsletterToken('s'.repeat(32), `${body}.${signature.slice(1)}`, 'unsubscribe')).toBeNull();
    expect(confirmToken('s'.repeat(32), 1, 'a@example.com', 'sub-1')).not.toBe(confirmToken('s'.repeat(32), 1, 'a@example.com', 'sub-2'));
  });
});
