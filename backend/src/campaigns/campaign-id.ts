import { createHash } from 'node:crypto';

/** Our namespace for campaign ids (a random UUID fixed once; never change it: keyed campaigns' ids derive from it). */
const NAMESPACE = Buffer.from('9b6c2f1e4d7a4c3b8e5f0a1d2c3b4a59', 'hex');

/** RFC 9562 UUID version 5 of a name. */
export function uuidV5(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const MINUTE_MS = 60_000;

/**
 * The ids a request may have: with an Idempotency-Key, one id of (admin, key); without, the id of (admin, kind, subject,
 * content, includeStats) in this minute and in the one before, so the same request within a minute (double click,
 * retry) finds the first campaign even across a minute boundary. The first id is the one a new campaign takes.
 */
export function campaignIds(
  adminId: string,
  kind: string,
  request: { subject: string; content: string; includeStats: boolean },
  idempotencyKey: string | null,
  now: number,
): string[] {
  if (idempotencyKey) return [uuidV5(`${adminId}\nkey\n${idempotencyKey}`)];
  const bucket = Math.floor(now / MINUTE_MS);
  const name = (minute: number) =>
    [adminId, kind, request.subject, request.content, request.includeStats ? '1' : '0', String(minute)].join('\n');
  return [uuidV5(name(bucket)), uuidV5(name(bucket - 1))];
}
