import { createHmac } from 'node:crypto';
import { keyFor } from '../config/keys';
import { signNewsletterToken, verifyNewsletterToken } from './newsletter-tokens';

const secret = 'a-secret-of-sixteen-or-more';
const legacySign = (label: string, body: string) =>
  `${body}.${createHmac('sha256', createHmac('sha256', secret).update(label).digest()).update(body).digest('base64url')}`;

describe('newsletter link tokens (issue 27: a key derived for newsletter links)', () => {
  it('are signed with the newsletter key, and links mailed before (legacy key) still verify', () => {
    const link = signNewsletterToken(secret, { p: 'unsubscribe', email: 'a@example.com', t: 1 });
    const [body, signature] = link.split('.');
    expect(signature).toBe(createHmac('sha256', keyFor(secret, 'newsletter-links')).update(body).digest('base64url'));
    expect(verifyNewsletterToken(secret, link, 'unsubscribe')).toMatchObject({ email: 'a@example.com', t: 1 });
    expect(verifyNewsletterToken(secret, legacySign('qrs:newsletter-links:v1', body), 'unsubscribe')).toMatchObject({ t: 1 });
    expect(verifyNewsletterToken(secret, legacySign('qrs:analytics-share:v1', body), 'unsubscribe')).toBeNull();
    expect(verifyNewsletterToken('another-secret-value', link, 'unsubscribe')).toBeNull();
  });
});
