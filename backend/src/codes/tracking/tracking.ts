import { createHash } from 'node:crypto';
import type { Actor, Decided, Plan } from '../../command-pipeline/command-pipeline';
import type { RequestInfo } from '../../common/request-params';
import { trackingStream, type QrTracked } from '../model/qr-code.events';

export type TrackedType = 'QrGenerated' | 'QrDownloaded';

/** What a generation or a download reports, before the request's facts are added. */
export type TrackInput = Omit<QrTracked, 'userId' | 'referrer' | 'userAgent' | 'ipHash' | 'sessionId'> & { sessionId: string | null };

export interface Tracker {
  userId: string | null;
  /** VISITOR_HASH_SALT: the IP is stored only as a salted hash. */
  salt: string;
}

const SESSION_ID = /^[\w.-]{1,100}$/;

/**
 * Given nothing (tracking streams are append-only logs, no state to decide on), when a code is generated or
 * downloaded, then one QrGenerated/QrDownloaded with bounded texts and the hashed IP, and the stream key: the
 * client's session id, else the code, else the user (or 'anonymous'). The raw IP is never part of the event.
 */
export function decideTrack(
  type: TrackedType,
  input: TrackInput,
  tracker: Tracker,
  info: RequestInfo,
): { key: string; event: Decided<QrTracked> } {
  const sessionId = input.sessionId && SESSION_ID.test(input.sessionId) ? input.sessionId : null;
  const data: QrTracked = {
    ...input,
    qrType: input.qrType.slice(0, 20),
    qrContent: input.qrContent.slice(0, 4096),
    sessionId: sessionId ?? (tracker.userId ? `user_${tracker.userId}` : 'anonymous'),
    userId: tracker.userId,
    referrer: info.referrer?.slice(0, 2048) ?? null,
    userAgent: info.userAgent?.slice(0, 1024) ?? null,
    ipHash: info.ip ? createHash('sha256').update(`${tracker.salt}:${info.ip}`).digest('hex') : null,
  };
  const key = sessionId ?? input.qrCodeId ?? (tracker.userId ? `user_${tracker.userId}` : 'anonymous');
  return { key, event: { type, data } };
}

/** Who tracked: the signed-in user, else 'anonymous', on the request's tenant. */
export const trackingActor = (userId: string | null, tenantId: number): Actor => ({ actorId: userId ?? 'anonymous', tenantId });

/**
 * The append of one tracked event: `tracking-{tenantId}-{key}` is a log (no decision reads it), so it expects 'any' and
 * never conflicts; the answer, the stored event's id, reads no projection.
 */
export function trackingPlan(tenantId: number, decided: { key: string; event: Decided<QrTracked> }): Plan<string> {
  const streamId = trackingStream(tenantId, decided.key);
  return {
    appends: [{ streamId, events: [decided.event], expectedRevision: 'any' }],
    answer: (committed) => committed.streams.get(streamId)?.events[0]?.id ?? '',
  };
}
