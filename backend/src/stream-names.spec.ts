import { createHash } from 'node:crypto';
import { googleIdStreams, usernameStreams } from './accounts';
import { LEGACY_STREAM_PATTERN, StreamNames } from './event-store/personal-data/stream-names';
import { newsletterStreams, tenantOfNewsletterStream } from './newsletter-signup';

/**
 * Issue 32, stream names: seal-legacy renames a legacy stream from its name alone (StreamNames.renamed); the features
 * build the same hashed names from the person's values. They must agree, or a renamed account would not be found.
 */
describe('salted stream names', () => {
  const names = new StreamNames('a-salt-of-sixteen-chars');
  const legacyPattern = new RegExp(LEGACY_STREAM_PATTERN);

  it('renames each legacy name to the name the feature reads and writes; hashed names are left alone', () => {
    const streams = [
      usernameStreams(names, 1, ' Ann.Shark@Example.com '),
      usernameStreams(names, 12, 'a name with - dashes-1-and\nnewline'),
      googleIdStreams(names, 3, '109876543210987654321'),
      { stream: newsletterStreams(names, 2, 'Fan@Example.com').stream, legacy: newsletterStreams(names, 2, 'fan@example.com').legacy },
      {
        stream: newsletterStreams(names, 2, 'fan@example.com').untenantedHashed,
        legacy: newsletterStreams(names, 2, 'fan@example.com').untenanted,
      },
    ];
    for (const { stream, legacy } of streams) {
      expect(legacyPattern.test(legacy)).toBe(true);
      expect(names.renamed(legacy)).toBe(stream);
      expect(legacyPattern.test(stream)).toBe(false);
      expect(names.renamed(stream)).toBeNull();
    }
    for (const other of ['user-6f1c', 'qr-1', 'tenant-1', 'admin-roles-1', 'scans-x', 'newsletter-1-abc', 'campaign-1']) {
      expect(names.renamed(other)).toBeNull();
    }
  });

  it('spells out no address, username, Google id or unsalted hash, and keeps the tenant readable', () => {
    const sha = createHash('sha256').update('fan@example.com').digest('hex');
    const all = [
      usernameStreams(names, 1, 'ann@example.com').stream,
      googleIdStreams(names, 1, '1098765').stream,
      ...Object.values(newsletterStreams(names, 2, 'fan@example.com')).filter((name) => name.startsWith('newsletter-h-')),
    ].join(' ');
    for (const value of ['ann', 'example', '1098765', 'fan', sha.slice(0, 16)]) expect(all).not.toContain(value);
    expect(tenantOfNewsletterStream(newsletterStreams(names, 2, 'fan@example.com').stream)).toBe(2);
    expect(tenantOfNewsletterStream(newsletterStreams(names, 2, 'fan@example.com').legacy)).toBe(2);
    expect(tenantOfNewsletterStream(newsletterStreams(names, 2, 'fan@example.com').untenanted)).toBeNull();
    expect(tenantOfNewsletterStream(newsletterStreams(names, 2, 'fan@example.com').untenantedHashed)).toBeNull();
  });
});
