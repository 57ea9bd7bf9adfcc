import { eventCatalogue, type EventOf } from '../../event-store/typed-events';
import type { Routing } from '../routing/routing';
import { personalData } from '../../event-store/personal-data/personal-data-registry';
import { URL_TYPES as URL_QR_TYPES, type ErrorCorrectionLevel, type QrType } from '@qrsharks/qr-core';

/**
 * Types whose content is itself a web address: their dynamic codes redirect to it. Declared once, in qr-core (the
 * generator and the redirect decide by the same list); widened here so a stored type (a string) can be looked up.
 */
export const URL_TYPES: readonly string[] = URL_QR_TYPES;

/**
 * Events of a QR code (static and dynamic alike), on stream `qr-{qrId}`: the stream is the code's audit trail.
 * Tenant and actor travel in the envelope's metadata (tenantId, actorId), never in the data.
 * Other features (scans, analytics) project these shapes: add optional fields only, never rename.
 */
export type QrMode = 'static' | 'dynamic';

/** Every style field a code keeps (the logo lives beside it as logoFileName/logoFilePath). */
export interface StoredStyle {
  fgColor: string;
  bgColor: string;
  gradientColor: string | null;
  /** The spec's qrStyle column; the renderer knows only 'squares' (the dot shape is dotShape). */
  qrStyle: string;
  dotShape: 'square' | 'circle' | 'rounded';
  cornerShape: 'square' | 'circle' | 'rounded';
  innerCornerShape: 'square' | 'circle' | 'rounded';
  outerCornerColor: string | null;
  innerCornerColor: string | null;
  enableFrame: boolean;
  frameText: string;
  frameColor: string;
  frameTextColor: string;
  frameStyle: 'rounded' | 'square';
}

/** Why a destination's host name did not resolve when it was saved (codes/destinations/destination-resolver.ts). */
export type UnresolvedReason = 'not_found' | 'timeout' | 'failed';

export interface QrCreated {
  qrId: string;
  userId: string;
  mode: QrMode;
  qrType: QrType;
  /** Dynamic codes only: 8 URL-safe characters, reserved on `shortcode-{code}`. */
  shortCode: string | null;
  /** Dynamic codes: the http(s) URL /d/{shortCode} redirects to; null when /d/ serves the type's hosted page. */
  destination: string | null;
  /** The validated content fields of the type (plus the upload id and URL for pdf and images codes). */
  fields: Record<string, unknown>;
  style: StoredStyle;
  errorCorrectionLevel: ErrorCorrectionLevel;
  logoFileName: string | null;
  /** Same-origin URL of the stored logo (`/logo/{uploadId}`), never a server path. */
  logoFilePath: string | null;
  /** Created through an `Idempotency-Key` (codes/editing/idempotency.ts): the key and the request's digest. */
  idempotency?: { key: string; digest: string };
  /**
   * Set when the destination's host name did not resolve when the code was saved (issue 27 item 9): allowed, since
   * printed codes often point at sites not live yet. Absent when it resolved (to public addresses only), when the
   * destination is an address or none, and on codes saved before names were resolved.
   */
  destinationUnresolved?: UnresolvedReason;
}

export interface QrDestinationChanged {
  qrId: string;
  /** '' when the code had no destination (served by its hosted page). */
  before: string;
  after: string;
  /** As QrCreated's: the new destination's host name did not resolve when it was saved. */
  destinationUnresolved?: UnresolvedReason;
}

export interface QrStyleChanged {
  qrId: string;
  /** Only the fields that changed. Logo changes appear as logoFileName/logoFilePath. */
  before: Partial<StoredStyle> & { logoFileName?: string | null; logoFilePath?: string | null };
  after: Partial<StoredStyle> & { logoFileName?: string | null; logoFilePath?: string | null };
}

export interface QrContentChanged {
  qrId: string;
  /** Only the content fields that changed. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface QrRef {
  qrId: string;
}

/**
 * A dynamic code's /d/ link asks for a password (issue 15): the argon2id hash of it, never the password. A new
 * QrPasswordSet replaces the previous one.
 */
export interface QrPasswordSet {
  qrId: string;
  passwordHash: string;
}

/** The /d/ link answers without a password again. */
export type QrPasswordRemoved = QrRef;

/**
 * Staff stopped a dynamic code (abuse: phishing, malware): /d/ answers the neutral disabled page, the owner sees the
 * reason and cannot resume it until staff lift the suspension (QrSuspensionLifted).
 */
export interface QrSuspended {
  qrId: string;
  reason: string;
}

export type QrSuspensionLifted = QrRef;

/** The owner's own name for a code (the dashboard's rename); null when it goes back to its content or destination. */
export interface QrRenamed {
  qrId: string;
  before: string | null;
  after: string | null;
}

/**
 * A dynamic code's routing (issue 33, codes/routing/routing.ts): the whole routing after the change and the one before,
 * null when there is none (every scan goes to the code's destination). Destinations are stored as the redirect sends
 * them (checked by the destination policy, like QrDestinationChanged's).
 */
export interface QrRoutingChanged {
  qrId: string;
  before: Routing | null;
  after: Routing | null;
}

/**
 * The owner's tags on a code (issue 35): the whole list after the change and the one before, each tag trimmed and
 * unique ignoring case, at most 20 (model/tags.ts). One event per code, whether the dashboard's editor set them, a bulk
 * action added or removed one, or a tag was renamed or removed across the owner's codes.
 */
export interface QrTagsChanged {
  qrId: string;
  before: string[];
  after: string[];
}

/** The code's events by type (on `qr-{qrId}`): projections and folds see each type's fields through QR_EVENTS. */
export interface QrEvents {
  QrCreated: QrCreated;
  QrDestinationChanged: QrDestinationChanged;
  QrStyleChanged: QrStyleChanged;
  QrContentChanged: QrContentChanged;
  QrPaused: QrRef;
  QrResumed: QrRef;
  QrPasswordSet: QrPasswordSet;
  QrPasswordRemoved: QrPasswordRemoved;
  QrRenamed: QrRenamed;
  QrRoutingChanged: QrRoutingChanged;
  QrTagsChanged: QrTagsChanged;
  QrSuspended: QrSuspended;
  QrSuspensionLifted: QrSuspensionLifted;
  QrDeleted: QrRef;
}

export type QrEvent = EventOf<QrEvents>;
export type QrEventType = QrEvent['type'];
export const QR_EVENTS = eventCatalogue<QrEvents>({
  QrCreated: true,
  QrDestinationChanged: true,
  QrStyleChanged: true,
  QrContentChanged: true,
  QrPaused: true,
  QrResumed: true,
  QrPasswordSet: true,
  QrPasswordRemoved: true,
  QrRenamed: true,
  QrRoutingChanged: true,
  QrTagsChanged: true,
  QrSuspended: true,
  QrSuspensionLifted: true,
  QrDeleted: true,
});
export const QR_EVENT_TYPES = QR_EVENTS.types;

/** On `shortcode-{code}`, appended with 'no_stream' in the same appendMany as QrCreated: the store decides races. */
export interface ShortCodeReserved {
  shortCode: string;
  qrId: string;
}

/**
 * On `user-{userId}` (the accounts feature owns that stream, its `userStream` and `TrialActivated`; we append our
 * types to it and accounts ignores them), appended at the revision the cap was decided on, in the same appendMany as QrCreated. */
export interface DynamicQrSlotTaken {
  userId: string;
  qrId: string;
}

/** On `user-{userId}` with QrDeleted of a dynamic code: the slot is free again. */
export type DynamicQrSlotReleased = DynamicQrSlotTaken;

/** What codes appends beside the code's own stream: the short-code reservation and the cap's slots on `user-{id}`. */
export interface CodeSideEvents {
  ShortCodeReserved: ShortCodeReserved;
  DynamicQrSlotTaken: DynamicQrSlotTaken;
  DynamicQrSlotReleased: DynamicQrSlotReleased;
}
export const CODE_SIDE_EVENTS = eventCatalogue<CodeSideEvents>({
  ShortCodeReserved: true,
  DynamicQrSlotTaken: true,
  DynamicQrSlotReleased: true,
});

/**
 * Tracking (stream `tracking-{tenantId}-{sessionId}`; a session that has no id uses `tracking-{tenantId}-{qrId}`):
 * kept off `qr-{id}` so the audit trail holds state changes only. The analytics feature projects them.
 */
export interface QrTracked {
  qrCodeId: string | null;
  userId: string | null;
  sessionId: string;
  qrType: string;
  qrContent: string;
  foregroundColor: string | null;
  backgroundColor: string | null;
  hasLogo: boolean;
  referrer: string | null;
  userAgent: string | null;
  /** Salted SHA-256 of the client IP (VISITOR_HASH_SALT); the raw IP is never stored. */
  ipHash: string | null;
  /** QrDownloaded only: png or svg. */
  downloadType?: 'png' | 'svg';
}

export interface TrackingEvents {
  QrGenerated: QrTracked;
  QrDownloaded: QrTracked;
}
export const TRACKING_EVENTS = eventCatalogue<TrackingEvents>({ QrGenerated: true, QrDownloaded: true });

export const qrStream = (qrId: string) => `qr-${qrId}`;
export const shortCodeStream = (shortCode: string) => `shortcode-${shortCode}`;
export const trackingStream = (tenantId: number, key: string) => `tracking-${tenantId}-${key}`;

/**
 * The destination blocklist (stream `blocked-domain-{domain}`, one per domain, appended by admins): a blocked domain
 * and its subdomains are refused as destinations at create and update, and codes already pointing there answer the
 * disabled page at /d/.
 */
export interface DomainBlocked {
  domain: string;
  reason: string;
}

export interface DomainUnblocked {
  domain: string;
}

export interface BlocklistEvents {
  DomainBlocked: DomainBlocked;
  DomainUnblocked: DomainUnblocked;
}
export type BlocklistEvent = EventOf<BlocklistEvents>;
export const BLOCKLIST_EVENTS = eventCatalogue<BlocklistEvents>({ DomainBlocked: true, DomainUnblocked: true });
export const BLOCKLIST_EVENT_TYPES = BLOCKLIST_EVENTS.types;
export const blockedDomainStream = (domain: string) => `blocked-domain-${domain}`;

/** True when `hostname` is `domain` or one of its subdomains (both lower case, no trailing dot). */
export function hostMatchesDomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/**
 * Personal data (issue 32 item 1): what the owner typed (a code's content and destination, its name) is sealed with
 * the code's key, `code:{qrId}`, owned by `user:{userId}`: the account's deletion erases it. Tracking events seal the
 * typed content, referrer and browser of a code (or, without a code, of a signed-in user); anonymous generations name
 * nobody who could ask for erasure and stay as they are.
 */
const codeSubject = (data: { qrId: string }) => `code:${data.qrId}`;
personalData
  .register<QrCreated>('QrCreated', {
    subject: codeSubject,
    owner: (data) => (data.userId ? `user:${data.userId}` : null),
    // The frame's text is typed by the owner; the rest of the style (colours, shapes) names nobody and stays plain.
    fields: { fields: {}, destination: null, 'style.frameText': '' },
  })
  .register<QrStyleChanged>('QrStyleChanged', { subject: codeSubject, fields: { 'before.frameText': '', 'after.frameText': '' } })
  .register<QrContentChanged>('QrContentChanged', { subject: codeSubject, fields: { before: {}, after: {} } })
  .register<QrDestinationChanged>('QrDestinationChanged', { subject: codeSubject, fields: { before: '', after: '' } })
  .register<QrRenamed>('QrRenamed', { subject: codeSubject, fields: { before: null, after: null } })
  // The destinations of the rules, split arms and afterLimit are typed by the owner: the whole routing is sealed.
  .register<QrRoutingChanged>('QrRoutingChanged', { subject: codeSubject, fields: { before: null, after: null } })
  // Tags are words the owner types ("Smith wedding", "Anna's table"): sealed like the code's name.
  .register<QrTagsChanged>('QrTagsChanged', { subject: codeSubject, fields: { before: [], after: [] } });
for (const type of ['QrGenerated', 'QrDownloaded'] as const) {
  personalData.register<QrTracked>(type, {
    subject: (data) => (data.qrCodeId ? `code:${data.qrCodeId}` : data.userId ? `user:${data.userId}` : null),
    owner: (data) => (data.qrCodeId && data.userId ? `user:${data.userId}` : null),
    fields: { qrContent: '', referrer: null, userAgent: null },
  });
}
