import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../event-store/event-store';
import { checkWebhookUrl, WEBHOOK_URL_MESSAGES } from './webhook-url';
import { messageIdOf, payloadOf, signWebhook, subjectOf } from './webhook-payloads';
import { decideDisable, decideReplay, evolveWebhook, initialWebhook } from './webhook';

const recorded = (type: string, data: unknown, occurredAt = '2026-01-02T03:04:05.000Z'): RecordedEvent => ({
  id: randomUUID(),
  type,
  data,
  streamId: 's',
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  metadata: { tenantId: 1, actorId: 'a', correlationId: 'c', causationId: null, occurredAt, schemaVersion: 1 },
});

describe('webhook signatures (Standard Webhooks)', () => {
  it("match the specification's published example", () => {
    // standard-webhooks' test vector: secret, msg id, timestamp and payload give this v1 signature.
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('one webhook-id per event, whatever the attempt or replay', () => {
    expect(messageIdOf('0b5e2b1e-8a8e-4a57-9d8e-2f1f0e5f6a7b')).toBe('msg_0b5e2b1e8a8e4a579d8e2f1f0e5f6a7b');
  });
});

describe('webhook payloads', () => {
  const code = { qrId: 'q1', shortCode: 'AbCd1234' };
  it('maps code events to their types, a scan to scan.created with its facts, and nothing else', () => {
    expect(subjectOf(recorded('QrPaused', { qrId: 'q1' }))).toEqual({ qrId: 'q1', type: 'code.paused', isBot: false });
    expect(subjectOf(recorded('QrSuspended', { qrId: 'q1', reason: 'x' }))).toBeNull();
    expect(payloadOf(recorded('QrRenamed', { qrId: 'q1', before: null, after: 'Menu' }), code)).toEqual({
      type: 'code.updated',
      timestamp: '2026-01-02T03:04:05.000Z',
      data: { codeId: 'q1', shortCode: 'AbCd1234', change: 'name' },
    });
    const scan = {
      scanId: 's1',
      qrId: 'q1',
      shortCode: 'AbCd1234',
      scannedAt: '2026-01-02T03:04:06.000Z',
      visitorHash: 'h',
      device: 'mobile',
      os: 'iOS',
      browser: 'Safari',
      referrer: null,
      country: 'DE',
      language: 'de',
      isBot: true,
      botReason: 'user-agent',
    };
    expect(payloadOf(recorded('Scanned', scan), code)).toEqual({
      type: 'scan.created',
      timestamp: scan.scannedAt,
      data: {
        codeId: 'q1',
        shortCode: 'AbCd1234',
        scanId: 's1',
        scannedAt: scan.scannedAt,
        device: 'mobile',
        os: 'iOS',
        browser: 'Safari',
        country: 'DE',
        referrer: null,
        isBot: true,
      },
    });
  });
});

describe('webhook URLs: the destination policy', () => {
  const policy = { httpsOnly: true, allowPrivate: false };
  it.each([
    ['ftp://example.com/x', WEBHOOK_URL_MESSAGES.protocol],
    ['http://example.com/x', WEBHOOK_URL_MESSAGES.https],
    ['https://user:pw@example.com/x', WEBHOOK_URL_MESSAGES.credentials],
    ['https://127.0.0.1/x', WEBHOOK_URL_MESSAGES.private],
    ['https://[::ffff:10.0.0.1]/x', WEBHOOK_URL_MESSAGES.private],
    ['https://printer.local/x', WEBHOOK_URL_MESSAGES.private],
    ['https://localhost:3000/x', WEBHOOK_URL_MESSAGES.private],
    ['not a url', WEBHOOK_URL_MESSAGES.invalid],
  ])('refuses %s', (url, message) => {
    expect(() => checkWebhookUrl(url, policy)).toThrow(message);
  });
  it('accepts public https URLs; http and private addresses where the settings allow them', () => {
    expect(checkWebhookUrl(' https://hooks.example.com/in ', policy)).toBe('https://hooks.example.com/in');
    expect(checkWebhookUrl('http://127.0.0.1:9000/in', { httpsOnly: false, allowPrivate: true })).toBe('http://127.0.0.1:9000/in');
  });
});

describe('the webhook aggregate', () => {
  const created = evolveWebhook(initialWebhook, {
    type: 'WebhookCreated',
    data: { webhookId: 'w', ownerId: 'u', url: 'https://x.example/', events: ['scan.created'], includeBots: false, secret: 's' },
    metadata: { tenantId: 1, actorId: 'u', correlationId: 'c', causationId: null, occurredAt: '', schemaVersion: 1 },
  });
  it('is disabled once, and not when deleted; a replay is the owner’s only, on their tenant', () => {
    expect(decideDisable(created, 'HTTP 500 after 15 attempts')).toHaveLength(1);
    const disabled = evolveWebhook(created, decideDisable(created, 'x')[0]);
    expect(decideDisable(disabled, 'x')).toEqual([]);
    expect(decideDisable(evolveWebhook(created, { type: 'WebhookDeleted', data: { webhookId: 'w' } }), 'x')).toEqual([]);
    expect(() => decideReplay(created, { userId: 'other', tenantId: 1 }, 'r', new Date())).toThrow('Webhook not found');
    expect(() => decideReplay(created, { userId: 'u', tenantId: 2 }, 'r', new Date())).toThrow('Webhook not found');
    expect(decideReplay(created, { userId: 'u', tenantId: 1 }, 'r', new Date(0))[0].data).toEqual({
      webhookId: 'w',
      replayId: 'r',
      from: '1970-01-01T00:00:00.000Z',
    });
  });
});
