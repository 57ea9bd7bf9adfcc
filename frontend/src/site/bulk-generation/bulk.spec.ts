// Bulk generation's CSV reading: the first column, and a header row detected and skipped (issue 15, item 8).
import { isHeaderRow, readBulkFile } from './bulk';

describe('a CSV uploaded to bulk generation', () => {
  it('skips a header row that names the column', () => {
    const csv = 'URL,Label\r\nhttps://a.example,A\r\nhttps://b.example,B\r\n';
    expect(readBulkFile('links.csv', csv)).toEqual({ text: 'https://a.example\nhttps://b.example', header: 'URL' });
    expect(readBulkFile('texts.csv', '"Text"\nhello\nworld')).toEqual({ text: 'hello\nworld', header: 'Text' });
    expect(readBulkFile('q.csv', 'qr_data\none\ntwo').header).toBe('qr_data');
  });

  it('skips a first row that is the only non-address in a column of web addresses', () => {
    expect(readBulkFile('l.csv', 'Our pages\nhttps://a.example\nhttps://b.example')).toEqual({
      text: 'https://a.example\nhttps://b.example',
      header: 'Our pages',
    });
  });

  it('keeps every row when the first one is data', () => {
    expect(readBulkFile('l.csv', 'https://a.example\nhttps://b.example').header).toBeNull();
    expect(readBulkFile('t.csv', 'hello\nworld\nagain')).toEqual({ text: 'hello\nworld\nagain', header: null });
    expect(isHeaderRow(['url'])).toBe(false);
  });

  it('leaves a TXT file as it is', () => {
    expect(readBulkFile('list.txt', 'URL\nhttps://a.example')).toEqual({ text: 'URL\nhttps://a.example', header: null });
  });
});
