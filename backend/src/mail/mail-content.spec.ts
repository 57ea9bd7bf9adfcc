import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { brandOf, mailContent, TEMPLATES_DIR } from './mail-content';
import { MAIL_KINDS, type MailKind } from './mail-plans';

/** Issue 30 item 10: every mail's words read as people write them, for the default brand and for one count of each kind. */
const brand = brandOf(
  { name: 'QR Code Sharks', primaryColor: '#3B82F6', secondaryColor: '#1E40AF', logoUrl: null, removeQRCodeSharksBranding: false } as never,
  'https://qrcodesharks.test',
);

/** The text part and the HTML part (the template the mailer renders, without its layout), tags and entities dropped. */
function parts(kind: MailKind, data: Record<string, unknown>): string[] {
  const content = mailContent(kind, brand, data, { dashboard: 'https://x/d', paused: 'https://x/p', unsubscribe: 'https://x/u' });
  const html = Handlebars.compile(readFileSync(join(TEMPLATES_DIR, `${kind}.hbs`), 'utf8'))(content.context);
  const words = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
  return [content.subject, content.text.replace(/\s+/g, ' '), words];
}

describe('mail texts', () => {
  it.each(MAIL_KINDS)('%s: no "Sharks\'s" possessive for a brand whose name ends in s', (kind) => {
    for (const part of parts(kind, { codes: [], totalScans: 0, pausedCount: 2, firstName: 'Ana' })) expect(part).not.toMatch(/s's\b/);
  });

  it('the weekly scan report counts in the singular for one scan', () => {
    const one = parts('scan-report', { totalScans: 1, codes: [{ name: 'Menu', scans: 1 }] });
    for (const part of one.slice(1)) {
      expect(part).toContain('were scanned 1 time in the last 7 days');
      expect(part).toMatch(/Menu:? 1 scan\b/);
      expect(part).not.toMatch(/1 (times|scans)/);
    }
    const many = parts('scan-report', {
      totalScans: 3,
      codes: [
        { name: 'Menu', scans: 2 },
        { name: 'Door', scans: 1 },
      ],
    });
    for (const part of many.slice(1)) {
      expect(part).toContain('were scanned 3 times');
      expect(part).toMatch(/Menu:? 2 scans/);
      expect(part).toMatch(/Door:? 1 scan\b/);
    }
  });

  it('the paused-codes report speaks of one code in the singular', () => {
    const [subject, ...body] = parts('pause-report', { pausedCount: 1, codes: [{ name: 'Menu' }] });
    expect(subject).toBe('You have 1 paused QR code at QR Code Sharks');
    for (const part of body) {
      expect(part).toContain('This dynamic QR code of yours is paused: people who scan it reach nothing until you resume it.');
      expect(part).toContain('Resume your code');
      expect(part).not.toMatch(/\bcodes\b/);
    }
    for (const part of parts('pause-report', { pausedCount: 2, codes: [{ name: 'A' }, { name: 'B' }] }).slice(1)) {
      expect(part).toContain('These dynamic QR codes of yours are paused');
    }
  });
});
