import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { aggregate } from '../../test-support/given-when-then';
import { DEFAULT_STORED_STYLE } from '../model/code-input';
import { codePasswordSchema, hashCodePassword, verifyCodePassword } from './code-passwords';
import { decideRemovePassword, decideSetPassword, evolveQr, initialQr, type QrState } from '../model/qr-code';
import type { QrCreated, QrEvent } from '../model/qr-code.events';

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
// The fold reads the time and tenant from the envelope: every given event gets one.
const code = aggregate<QrState, QrEvent>(initialQr, (state, event) => evolveQr(state, { ...event, metadata } as Evolvable));
const { given } = code;
const fieldMessages = (body: unknown) => {
  const result = codePasswordSchema.safeParse(body);
  return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('setting and removing the password of a dynamic code', () => {
  const made = { type: 'QrCreated', data: created() } as const;
  const set = (passwordHash: string) => ({ type: 'QrPasswordSet', data: { qrId: 'q1', passwordHash } }) as const;
  const removedEvent = { type: 'QrPasswordRemoved', data: { qrId: 'q1' } } as const;

  it('the owner sets a password: QrPasswordSet with the hash; the fold keeps it; a new one replaces it', () => {
    const after = given(made)
      .when((state) => decideSetPassword(state, owner, 'hash-1'))
      .then([set('hash-1')]);
    expect(after.passwordHash).toBe('hash-1');
    given(made, set('hash-1'))
      .when((state) => decideSetPassword(state, owner, 'hash-2'))
      .then([set('hash-2')]);
  });

  it('removing a password that is set records QrPasswordRemoved; removing when none is set records nothing', () => {
    const after = given(made, set('hash-1'))
      .when((state) => decideRemovePassword(state, owner))
      .then([removedEvent]);
    expect(after.passwordHash).toBeNull();
    given(made)
      .when((state) => decideRemovePassword(state, owner))
      .then([]);
    given(made, set('h'), removedEvent)
      .when((state) => decideRemovePassword(state, owner))
      .then([]);
  });

  it('nobody but the owner in its tenant, and no static, deleted or unknown code: 404, never 403', () => {
    const notFound = { status: 404, message: 'QR code not found' };
    for (const decide of [(s: QrState, a: typeof owner) => decideSetPassword(s, a, 'h'), decideRemovePassword]) {
      given(made)
        .when((state) => decide(state, { userId: 'u2', tenantId: 1 }))
        .thenRefuses(notFound);
      given(made)
        .when((state) => decide(state, { userId: 'u1', tenantId: 2 }))
        .thenRefuses(notFound);
      given({ type: 'QrCreated', data: created('static') })
        .when((state) => decide(state, owner))
        .thenRefuses(notFound);
      given(made, { type: 'QrDeleted', data: { qrId: 'q1' } })
        .when((state) => decide(state, owner))
        .thenRefuses(notFound);
      given()
        .when((state) => decide(state, owner))
        .thenRefuses(notFound);
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
