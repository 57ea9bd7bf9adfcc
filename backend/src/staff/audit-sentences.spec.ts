import { codeLabel, describeCodeEvent, describeOtherEvent, describeUserEvent, HIDDEN, redact, urlOrigin } from './audit-sentences';

const code = { label: 'Menu QR', destination: 'https://a', isPaused: false, hasPassword: false, suspensionReason: null, name: 'Menu QR' };
const user = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', roles: [], subscriptionStatus: 'free', isDisabled: false };

describe('audit sentences (pure)', () => {
  it('say what changed, with the diff against the state before', () => {
    expect(
      describeCodeEvent('QrDestinationChanged', { before: 'https://a', after: 'https://b' }, code, { ...code, destination: 'https://b' }),
    ).toEqual({
      summary: 'changed the destination of Menu QR from https://a to https://b',
      changes: [{ field: 'destination', before: 'https://a', after: 'https://b' }],
    });
    expect(describeCodeEvent('QrSuspended', { reason: 'Phishing' }, code, code).summary).toBe('suspended Menu QR: Phishing');
    const routing = { split: [{ destination: 'https://a', weight: 100 }] };
    expect(describeCodeEvent('QrRoutingChanged', { before: null, after: routing }, code, code)).toEqual({
      summary: 'changed the routing of Menu QR',
      changes: [{ field: 'routing', before: null, after: routing }],
    });
    expect(describeCodeEvent('QrRoutingChanged', { before: routing, after: null }, code, code).summary).toBe(
      'removed the routing of Menu QR',
    );
    expect(describeUserEvent('RoleGranted', { role: 'support' }, user, { ...user, roles: ['support'] })).toEqual({
      summary: 'granted the support role to ann@example.com',
      changes: [{ field: 'roles', before: [], after: ['support'] }],
    });
    expect(describeUserEvent('UserNameChanged', { firstName: 'Anne', lastName: 'Lee' }, user, user).summary).toBe(
      'changed the name of ann@example.com from Ann Lee to Anne Lee',
    );
    expect(describeOtherEvent('DomainBlocked', { domain: 'phish.example', reason: 'Malware' }).summary).toBe(
      'blocked the destination domain phish.example: Malware',
    );
    expect(describeOtherEvent('CampaignStarted', { kind: 'newsletter', subject: 'Tips #1', recipientCount: 3 }).summary).toBe(
      'sent the newsletter "Tips #1" to 3 recipients',
    );
    expect(describeOtherEvent('CampaignStarted', { kind: 'pause-report', subject: 'x', recipientCount: 1 }).summary).toBe(
      'sent pause notifications to 1 recipient',
    );
    expect(describeOtherEvent('PaymentSucceeded', { amount: 1250, currency: 'usd', productName: 'Coffee' }).summary).toBe(
      'received a payment of 12.50 USD for Coffee',
    );
    // Issue 34: an API key by its name and prefix, never the key or its hash.
    const key = { keyId: 'k1', ownerId: 'u1', name: 'CI', prefix: 'qrs_live_AbCdEfGh', keyHash: 'f'.repeat(64), scopes: ['codes:read'] };
    const created = describeOtherEvent('ApiKeyCreated', key);
    expect(created.summary).toBe('created the API key "CI" (qrs_live_AbCdEfGh…) with codes:read');
    expect(JSON.stringify(created)).not.toContain(key.keyHash);
    expect(redact(key)).toEqual({ ...key, keyHash: HIDDEN });
    expect(describeOtherEvent('ApiKeyRevoked', key).summary).toBe('revoked the API key "CI" (qrs_live_AbCdEfGh…)');
    // Issue 35: a batch by its name and number of rows.
    expect(describeOtherEvent('BatchRequested', { batchId: 'b1', ownerId: 'u1', name: 'Tables', rows: [{}, {}] }).summary).toBe(
      'asked for the batch "Tables" of 2 rows',
    );
  });

  it('never keep a secret, and name codes by their one display name (typed, else from content, else type)', () => {
    expect(redact({ passwordHash: '$argon2id$x', nested: { apiKey: 'k', keep: 1 }, list: [{ password: 'p' }] })).toEqual({
      passwordHash: HIDDEN,
      nested: { apiKey: HIDDEN, keep: 1 },
      list: [{ password: HIDDEN }],
    });
    expect(describeCodeEvent('QrPasswordSet', { passwordHash: '$argon2id$x' }, code, code).changes).toEqual([
      { field: 'password', before: null, after: HIDDEN },
    ]);
    expect(codeLabel({ name: 'Menu', qrType: 'url', shortCode: 'abc' })).toBe('Menu');
    expect(codeLabel({ fields: { title: ' Brochure ' }, qrType: 'pdf', shortCode: 'abc' })).toBe('Brochure');
    expect(codeLabel({ qrType: 'url', shortCode: 'abc', destination: 'https://a.example/menu?t=1' })).toBe('a.example/menu');
    expect(codeLabel({ qrType: 'contact', fields: { firstName: 'Sandy', lastName: 'Shark', notes: 'n' } })).toBe('Sandy Shark');
    expect(codeLabel({ qrType: 'wifi', fields: { ssid: 'Office-5G', password: HIDDEN } })).toBe('Office-5G');
    expect(codeLabel({ qrType: 'sms' })).toBe('SMS code');
  });

  it('read as people write (issue 30 item 10): type words, no word twice, no raw ISO timestamp', () => {
    const created = (qrType: string, label: string) =>
      describeCodeEvent('QrCreated', { mode: 'static', qrType, fields: {} }, null, { ...code, label, name: null }).summary;
    expect(created('wifi', 'Office-5G')).toBe('created the static Wi-Fi code Office-5G');
    expect(created('wifi', 'Wi-Fi code')).toBe('created a static Wi-Fi code');
    expect(created('url', 'a.example/menu')).toBe('created the static Website URL code a.example/menu');
    const trial = describeUserEvent('TrialActivated', { trialEndDate: '2026-12-11T09:30:00.000Z' }, user, user).summary;
    expect(trial).toBe('started the trial of ann@example.com until December 11, 2026');
    expect(trial).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});

describe('webhook sentences (issue 34)', () => {
  const url = 'https://hooks.example.com/t/s3cr3t-token?key=abc';
  const secret = 'whsec_c2VjcmV0LWJ5dGVzLXNlY3JldC1ieXRlcy1zZWNyZXQtYnl0ZXM=';
  it('name the URL by scheme and host only and never the secret', () => {
    expect(urlOrigin(url)).toBe('https://hooks.example.com/…');
    expect(urlOrigin('https://hooks.example.com')).toBe('https://hooks.example.com');
    expect(urlOrigin('not a url')).toBe('(a URL)');
    const created = { webhookId: 'w1', ownerId: 'u1', url, events: ['code.created', 'scan.created'], includeBots: true, secret };
    const sentences = [
      describeOtherEvent('WebhookCreated', created),
      describeOtherEvent('WebhookDisabled', { webhookId: 'w1', ownerId: 'u1', url, reason: 'HTTP 503 after 15 attempts' }),
      describeOtherEvent('WebhookDeleted', { webhookId: 'w1' }),
      describeOtherEvent('WebhookReplayRequested', { webhookId: 'w1', replayId: 'r1', from: '2026-11-01T00:00:00.000Z' }),
      describeOtherEvent('WebhookRetryRequested', { webhookId: 'w1', deliveryId: 'msg_1' }),
      describeOtherEvent('WebhookEnabled', { webhookId: 'w1' }),
    ];
    expect(sentences.map((described) => described.summary)).toEqual([
      'created a webhook to https://hooks.example.com/… for code.created, scan.created (bots too)',
      'disabled the webhook to https://hooks.example.com/… after a delivery failed every try (HTTP 503 after 15 attempts)',
      'deleted the webhook w1',
      'asked the webhook w1 to send every event since 2026-11-01T00:00:00.000Z again',
      'retried the delivery msg_1 of the webhook w1',
      'enabled the webhook w1 again',
    ]);
    const text = JSON.stringify(sentences);
    expect(text).not.toContain('s3cr3t');
    expect(text).not.toContain('key=abc');
    expect(text).not.toContain(secret);
    expect(redact(created)).toMatchObject({ secret: HIDDEN });
  });
});
