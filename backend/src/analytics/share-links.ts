import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Evolvable } from '../command-pipeline';
import { DomainError } from '../common/domain-error';
import { keyFor, legacyKeyFor } from '../config/keys';
import { eventCatalogue, type EventOf } from '../event-store/typed-events';

/**
 * Read-only share links of one code's analytics page (issue 17). Stream `analytics-shares-{qrId}`: one per code,
 * holding every link made for it. The token is signed from the event's fields and never stored.
 */
export interface AnalyticsShareCreated {
  shareId: string;
  qrId: string;
  userId: string;
  /** ISO-8601: the link answers until then. */
  expiresAt: string;
}

export interface AnalyticsShareRevoked {
  shareId: string;
  qrId: string;
}

export interface ShareEvents {
  AnalyticsShareCreated: AnalyticsShareCreated;
  AnalyticsShareRevoked: AnalyticsShareRevoked;
}
export const SHARE_EVENTS = eventCatalogue<ShareEvents>({ AnalyticsShareCreated: true, AnalyticsShareRevoked: true });
export const SHARE_EVENT_TYPES = SHARE_EVENTS.types;
export const shareStream = (qrId: string) => `analytics-shares-${qrId}`;

export const SHARE_NOT_FOUND = 'Share link not found';
export const SHARE_LINK_INVALID = 'This share link is not valid.';
export const SHARE_LINK_REVOKED = 'This share link has been revoked by its owner.';
export const SHARE_LINK_EXPIRED = 'This share link has expired.';
/** Links at once per code that have not been revoked (expired ones do not count). */
export const MAX_ACTIVE_SHARES = 20;

export interface ShareLinkState {
  links: Map<string, { expiresAt: string; revoked: boolean }>;
}

export const initialShares = (): ShareLinkState => ({ links: new Map() });

export function evolveShares(state: ShareLinkState, event: Evolvable): ShareLinkState {
  const links = new Map(state.links);
  if (!SHARE_EVENTS.has(event)) return { links };
  if (event.type === 'AnalyticsShareCreated') {
    links.set(event.data.shareId, { expiresAt: event.data.expiresAt, revoked: false });
  } else {
    const { data } = event;
    const link = links.get(data.shareId);
    if (link) links.set(data.shareId, { ...link, revoked: true });
  }
  return { links };
}

export function decideCreateShare(state: ShareLinkState, created: AnalyticsShareCreated, now: number): EventOf<ShareEvents>[] {
  const active = [...state.links.values()].filter((link) => !link.revoked && Date.parse(link.expiresAt) > now).length;
  if (active >= MAX_ACTIVE_SHARES)
    throw DomainError.conflict(`A code can have at most ${MAX_ACTIVE_SHARES} active share links. Revoke one first.`);
  return [{ type: 'AnalyticsShareCreated', data: created }];
}

/** Revoking twice is not an error and records nothing the second time (no empty audit entries). */
export function decideRevokeShare(state: ShareLinkState, qrId: string, shareId: string): EventOf<ShareEvents>[] {
  const link = state.links.get(shareId);
  if (!link) throw DomainError.notFound(SHARE_NOT_FOUND);
  if (link.revoked) return [];
  return [{ type: 'AnalyticsShareRevoked', data: { shareId, qrId } }];
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');
/**
 * A key of its own, derived from SESSION_SECRET (config/keys.ts): a share token can never pass for a cookie or a reset
 * link. Links signed before issue 27 still verify with the legacy key (they were handed out; docs/decisions.md).
 */
const keysOf = (secret: string) => [keyFor(secret, 'share-links'), legacyKeyFor(secret, 'share-links')];

export interface ShareClaims {
  shareId: string;
  expiresAt: string;
}

/** `base64url([shareId, expiresAt]).base64url(HMAC-SHA256)`. */
export function signShareToken(secret: string, claims: ShareClaims): string {
  const body = b64(JSON.stringify([claims.shareId, claims.expiresAt]));
  return `${body}.${b64(createHmac('sha256', keyFor(secret, 'share-links')).update(body).digest())}`;
}

/** The claims of a well-signed token, else null. Expiry and revocation are the caller's to check. */
export function verifyShareToken(secret: string, token: string): ShareClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || body.length > 200) return null;
  const given = Buffer.from(signature, 'base64url');
  const signedBy = (key: Buffer) => {
    const expected = createHmac('sha256', key).update(body).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  if (!keysOf(secret).some(signedBy)) return null;
  try {
    const [shareId, expiresAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (typeof shareId !== 'string' || typeof expiresAt !== 'string') return null;
    return { shareId, expiresAt };
  } catch {
    return null;
  }
}
