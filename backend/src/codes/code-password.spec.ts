import { DomainError } from '../common/domain-error';
import { DEFAULT_STORED_STYLE } from './code-input';
import { codePasswordSchema, hashCodePassword, verifyCodePassword } from './code-passwords';
import { decideRemovePassword, decideSetPassword, evolveQr, initialQr, type QrState } from './qr-code';
import type { QrCreated, QrEvent } from './qr-code.events';

/** Password protection of dynamic codes (issue 15): given events, when a password is set or removed, then events. */
const owner = { userId: 'u1', tenantId: 1 };
const created = (mode: 'static' | 'dynamic' = 'dynamic'): QrCreated => ({
  qrId: 'q1',
  userId: 'u1',
  mode,
  qrType: 'url',
  shortCode: mode === 'dynamic' ? 'AbCdEf12' : null,
  destination: mode === 'dynamic' ? 'https://a.example' : null,
  fields: { url: 'https://a.example' },
  style: DEFAULT_STORED_STYLE,
  errorCorrectionLevel: 'M',
  logoFileName: null,
  logoFilePath: null,
});
const metadata = {
  tenantId: 1,
  actorId: 'u1',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2025-06-01T12:00:00.000Z',
  schemaVersion: 1,
};
const given = (...events: QrEvent[]): QrState => events.reduce((state, event) => evolveQr(state, { ...event, metadata }), initialQr);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? [error.status, error.message] : error;
  }
  return null;
};
const fieldMessages = (body: unknown) => {
  const result = codePasswordSchema.safeParse(body);
  return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('setting and removing the password of a dynamic code', () => {
  const code = { type: 'QrCreated', data: created() } as const;

  it('the owner sets a password: QrPasswordSet with the hash; the fold keeps it; a new one replaces it', () => {
    expect(decideSetPassword(given(code), owner, 'hash-1')).toEqual([
      { type: 'QrPasswordSet', data: { qrId: 'q1', passwordHash: 'hash-1' } },
    ]);
    const set = given(code, { type: 'QrPasswordSet', data: { qrId: 'q1', passwordHash: 'hash-1' } });
    expect(set.passwordHash).toBe('hash-1');
    expect(decideSetPassword(set, owner, 'hash-2')).toEqual([{ type: 'QrPasswordSet', data: { qrId: 'q1', passwordHash: 'hash-2' } }]);
  });

  it('removing a password that is set records QrPasswordRemoved; removing when none is set records nothing', () => {
    const set = given(code, { type: 'QrPasswordSet', data: { qrId: 'q1', passwordHash: 'hash-1' } });
    expect(decideRemovePassword(set, owner)).toEqual([{ type: 'QrPasswordRemoved', data: { qrId: 'q1' } }]);
    expect(decideRemovePassword(given(code), owner)).toEqual([]);
    const removed = given(
      code,
      { type: 'QrPasswordSet', data: { qrId: 'q1', passwordHash: 'h' } },
      { type: 'QrPasswordRemoved', data: { qrId: 'q1' } },
    );
    expect(removed.passwordHash).toBeNull();
    expect(decideRemovePassword(removed, owner)).toEqual([]);
  });

  it('nobody but the owner in its tenant, and no static, deleted or unknown code: 404, never 403', () => {
    for (const decide of [(s: QrState, a: typeof owner) => decideSetPassword(s, a, 'h'), decideRemovePassword]) {
      expect(refusal(() => decide(given(code), { userId: 'u2', tenantId: 1 }))).toEqual([404, 'QR code not found']);
      expect(refusal(() => decide(given(code), { userId: 'u1', tenantId: 2 }))).toEqual([404, 'QR code not found']);
      expect(refusal(() => decide(given({ type: 'QrCreated', data: created('static') }), owner))).toEqual([404, 'QR code not found']);
      expect(refusal(() => decide(given(code, { type: 'QrDeleted', data: { qrId: 'q1' } }), owner))).toEqual([404, 'QR code not found']);
      expect(refusal(() => decide(initialQr, owner))).toEqual([404, 'QR code not found']);
    }
  });

  it('password rules: 4 to 128 characters, kept as typed, no control characters, with field messages', () => {
    expect(codePasswordSchema.parse({ password: ' open sesame ' })).toEqual({ password: ' open sesame ' });
    expect(codePasswordSchema.parse({ password: 'x'.repeat(128) }).password).toHaveLength(128);
    expect(fieldMessages({ password: 'abc' })).toEqual([['password', 'Password must be at least 4 characters']]);
    expect(fieldMessages({ password: 'x'.repeat(129) })).toEqual([['password', 'Password must be at most 128 characters']]);
    expect(fieldMessages({ password: 'abc\u0000def' })).toEqual([['password', 'Password contains characters that are not allowed']]);
    expect(fieldMessages({ password: 'line\nbreak' })).toEqual([['password', 'Password contains characters that are not allowed']]);
    expect(fieldMessages({})).toEqual([['password', 'Password is required']]);
    expect(fieldMessages({ password: 1234 })).toEqual([['password', 'Password is required']]);
  });

  it('the hash is argon2id, verifies only the same password, and a malformed hash is a mismatch', async () => {
    const hash = await hashCodePassword('open sesame');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('open sesame');
    expect(await verifyCodePassword(hash, 'open sesame')).toBe(true);
    expect(await verifyCodePassword(hash, 'open sesame ')).toBe(false);
    expect(await verifyCodePassword('not a hash', 'open sesame')).toBe(false);
  });
});
