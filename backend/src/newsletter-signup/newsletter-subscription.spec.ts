import {
  CONFIRM_LINK_STALE,
  decideConfirm,
  decideSubscribe,
  decideUnsubscribe,
  evolveSubscription,
  initialSubscription,
} from './newsletter-subscription';
import { confirmToken, unsubscribeToken, verifyNewsletterToken } from './newsletter-tokens';
import { newsletterStream } from './newsletter-subscription.events';
import { newsletterSignupSchema } from './newsletter-signup.schemas';

describe('newsletter subscription', () => {
  it('given no events, when subscribing, then NewsletterSubscribed', () => {
    expect(decideSubscribe(initialSubscription, 'a@example.com')).toEqual([
      { type: 'NewsletterSubscribed', data: { email: 'a@example.com' } },
    ]);
  });

  it('given NewsletterSubscribed, when subscribing again, then nothing', () => {
    const state = [{ type: 'NewsletterSubscribed', data: { email: 'a@example.com' } }].reduce(evolveSubscription, initialSubscription);
    expect(decideSubscribe(state, 'a@example.com')).toEqual([]);
  });

  it('one stream per tenant and address, whatever its case and spaces', () => {
    expect(newsletterStream(1, ' A@Example.com ')).toBe(newsletterStream(1, 'a@example.com'));
    expect(newsletterStream(2, 'a@example.com')).not.toBe(newsletterStream(1, 'a@example.com'));
  });

  it('the schema trims, and answers the spec message for anything that is not an address', () => {
    expect(newsletterSignupSchema.parse({ email: ' a@example.com ' })).toEqual({ email: 'a@example.com' });
    for (const email of [undefined, '', 'not-an-email', 42, `${'x'.repeat(250)}@example.com`]) {
      expect(newsletterSignupSchema.safeParse({ email }).error?.issues[0].message).toBe('Please enter a valid email address.');
    }
  });
});

describe('newsletter subscription: double opt-in and unsubscribing (issue 22)', () => {
  const subscribed = [{ id: 'sub-1', type: 'NewsletterSubscribed', data: { email: 'a@example.com' } }].reduce(
    evolveSubscription,
    initialSubscription,
  );

  it('given NewsletterSubscribed, when confirming with its id, then NewsletterSubscriptionConfirmed; again: nothing', () => {
    const events = decideConfirm(subscribed, 'a@example.com', 'sub-1');
    expect(events).toEqual([{ type: 'NewsletterSubscriptionConfirmed', data: { email: 'a@example.com', subscriptionId: 'sub-1' } }]);
    expect(decideConfirm(events.reduce(evolveSubscription, subscribed), 'a@example.com', 'sub-1')).toEqual([]);
  });

  it('a confirmation link of an earlier subscription (or of none) is refused', () => {
    expect(() => decideConfirm(subscribed, 'a@example.com', 'sub-0')).toThrow(CONFIRM_LINK_STALE);
    expect(() => decideConfirm(initialSubscription, 'a@example.com', 'sub-1')).toThrow(CONFIRM_LINK_STALE);
  });

  it('unsubscribes once; an unsubscribed address may sign up again, unconfirmed', () => {
    const events = decideUnsubscribe(subscribed, 'a@example.com', 'one-click');
    expect(events).toEqual([{ type: 'NewsletterUnsubscribed', data: { email: 'a@example.com', via: 'one-click' } }]);
    const gone = events.reduce(evolveSubscription, subscribed);
    expect(decideUnsubscribe(gone, 'a@example.com', 'page')).toEqual([]);
    expect(decideSubscribe(gone, 'a@example.com')).toEqual([{ type: 'NewsletterSubscribed', data: { email: 'a@example.com' } }]);
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
