import { ApiResponse } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import { HeaderOf, idempotencyKeyHeader } from '../../common/input';
import type { CodeInput } from '../model/code-input';
import type { FileUpload } from '../uploads/file-upload';

/**
 * `Idempotency-Key` on the create routes: one code per key per user. The code's id is derived from the user and the
 * key (a name-based UUID, version 5), so the event store's 'no_stream' on `qr-{id}` decides a double click or a retry:
 * the second request finds the code and answers it (201, the same id); the same key with a different request is
 * refused (409). Without the header every request makes a new code, as before.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different QR code';

/** What QrCreated records of a keyed create (optional: codes created without a key have none). */
export interface IdempotencyRecord {
  key: string;
  /** SHA-256 of the parsed request (content, style, mode, upload references) and of the logo's bytes. */
  digest: string;
}

/** Our namespace for name-based code ids (a random UUID fixed once; never change it: ids of keyed creates derive from it). */
const NAMESPACE = Buffer.from('3f0b6a52c1d94e0f9a7e5b2d8c4f1a60', 'hex');

/** RFC 9562 UUID version 5 of the user and the key. */
export function idempotentQrId(userId: string, key: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${userId}\n${key}`, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** JSON with object keys sorted, so the same request always gives the same digest. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export function requestDigest(input: CodeInput, logo: FileUpload | null): string {
  const logoDigest = logo ? createHash('sha256').update(logo.bytes).digest('hex') : null;
  return createHash('sha256')
    .update(canonical({ input, logo: logoDigest }))
    .digest('hex');
}

/** The header on a create route (parsed: null when not sent, 400 when malformed), documented in /api/docs. */
export const IdempotencyKey = (): ParameterDecorator =>
  HeaderOf(IDEMPOTENCY_HEADER, idempotencyKeyHeader, {
    field: 'idempotencyKey',
    description:
      'One code per key and user: a retry with the same key and request answers the code already made (201, same id); the same key ' +
      'with a different request is refused with 409. Send a new key for each deliberate create.',
  });

export function IdempotentCreate(): MethodDecorator {
  return ApiResponse({ status: 409, description: 'The Idempotency-Key was already used for a different request' });
}
