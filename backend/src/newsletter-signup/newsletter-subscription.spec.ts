import { decideSubscribe, evolveSubscription, initialSubscription } from './newsletter-subscription';
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

  it('one stream per address, whatever its case and spaces', () => {
    expect(newsletterStream(' A@Example.com ')).toBe(newsletterStream('a@example.com'));
  });

  it('the schema trims, and answers the spec message for anything that is not an address', () => {
    expect(newsletterSignupSchema.parse({ email: ' a@example.com ' })).toEqual({ email: 'a@example.com' });
    for (const email of [undefined, '', 'not-an-email', 42, `${'x'.repeat(250)}@example.com`]) {
      expect(newsletterSignupSchema.safeParse({ email }).error?.issues[0].message).toBe('Please enter a valid email address.');
    }
  });
});
