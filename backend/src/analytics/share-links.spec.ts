import { createHmac } from 'node:crypto';
import { keyFor } from '../config/keys';
import { signShareToken, verifyShareToken } from './share-links';

const secret = 'a-secret-of-sixteen-or-more';
const legacySign = (label: string, body: string) =>
  `${body}.${createHmac('sha256', createHmac('sha256', secret).update(label).digest()).update(body).digest('base64url')}`;

describe('share-link tokens (issue 27: a key derived for share links)', () => {
  it('are signed with the share-link key, and links signed before with the legacy key still verify', () => {
    const claims = { shareId: 's1', expiresAt: '2030-01-01T00:00:00.000Z' };
    const token = signShareToken(secret, claims);
    const [body, signature] = token.split('.');
    expect(signature).toBe(createHmac('sha256', keyFor(secret, 'share-links')).update(body).digest('base64url'));
    expect(verifyShareToken(secret, token)).toEqual(claims);
    expect(verifyShareToken(secret, legacySign('qrs:analytics-share:v1', body))).toEqual(claims);
    expect(verifyShareToken(secret, legacySign('qrs:newsletter-links:v1', body))).toBeNull();
    expect(verifyShareToken('another-secret-value', token)).toBeNull();
  });
});
