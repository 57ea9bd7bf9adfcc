import { RawScan, rawScanFromFields, rawScanToFields } from './scan.events';

const scan: RawScan = {
  id: '019a0000-0000-7000-8000-000000000001',
  qrId: 'qr-1',
  tenantId: 3,
  shortCode: 'Ab3x9Kq_',
  at: 1795440399858,
  visitor: 'h4sh',
  ua: 'Mozilla/5.0 "quoted" \\ back\tslash, ünïcode',
  referrer: 'https://news.example.org/a?b=c&d=[1]',
  language: 'de-CH',
  ip: '81.2.69.0',
  countryHeader: 'GB',
  head: true,
};

describe('the scan stream entry', () => {
  it('is one field and reads back every fact, whatever characters the headers hold', () => {
    const fields = rawScanToFields(scan);
    expect(fields).toHaveLength(2);
    expect(fields[0]).toBe('s1');
    expect(rawScanFromFields(fields)).toEqual(scan);
    expect(rawScanFromFields(rawScanToFields({ ...scan, head: false, referrer: '' }))).toEqual({ ...scan, head: false, referrer: '' });
  });

  it("carries the routing's answer as a 13th value, absent without routing (entries of the version before have 12)", () => {
    const routed = { ...scan, route: 'split b' };
    expect(rawScanFromFields(rawScanToFields(routed))).toEqual(routed);
    expect(JSON.parse(rawScanToFields(scan)[1])).toHaveLength(12);
    expect(rawScanFromFields(rawScanToFields(scan))).not.toHaveProperty('route');
  });

  it('still reads entries written field by field (left in Redis by the version before)', () => {
    const old = [
      'id',
      scan.id,
      'q',
      scan.qrId,
      't',
      '3',
      's',
      scan.shortCode,
      'at',
      String(scan.at),
      'v',
      scan.visitor,
      'ua',
      scan.ua,
      'r',
      scan.referrer,
      'l',
      scan.language,
      'ip',
      scan.ip,
      'cc',
      scan.countryHeader,
      'h',
      '1',
    ];
    expect(rawScanFromFields(old)).toEqual(scan);
  });

  it('turns malformed entries into null, never a half scan', () => {
    expect(rawScanFromFields(['s1', 'not json'])).toBeNull();
    expect(rawScanFromFields(['s1', '{"id":"x"}'])).toBeNull();
    expect(rawScanFromFields(['s1', JSON.stringify(['', 'qr-1', 1, 'c', 1])])).toBeNull();
    expect(rawScanFromFields(['s1', JSON.stringify([scan.id, 'qr-1', 1.5, 'c', 1])])).toBeNull();
    expect(rawScanFromFields(['s1', JSON.stringify([scan.id, 'qr-1', 1, 'c', 'yesterday'])])).toBeNull();
    expect(rawScanFromFields(['q', 'qr-1', 't', '1', 'at', '5'])).toBeNull();
    expect(rawScanFromFields([])).toBeNull();
  });
});
