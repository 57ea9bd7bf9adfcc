import { DomainError } from '../common/domain-error';
import { zodErrors } from '../common/input';
import { bulkBodySchema, parseBulkRequest, renderBulk } from './bulk-request';

describe('parseBulkRequest', () => {
  it('takes the content from qrData ({url} or {data}) and falls back to data', () => {
    expect(parseBulkRequest({ qrType: 'url', qrData: { url: 'https://a.example' }, data: 'https://b.example' }).payload).toBe(
      'https://a.example',
    );
    expect(parseBulkRequest({ qrType: 'url', data: 'https://b.example' }).payload).toBe('https://b.example');
    expect(parseBulkRequest({ qrType: 'text', qrData: { data: 'one' }, data: 'two' }).payload).toBe('one');
    expect(parseBulkRequest({ qrType: 'text', data: 'two' })).toEqual({
      qrType: 'text',
      payload: 'two',
      fgColor: '#000000',
      bgColor: '#FFFFFF',
    });
  });

  it('refuses unknown types and bad colours with the field', () => {
    expect(() => parseBulkRequest({ qrType: 'pdf', data: 'x' })).toThrow(DomainError);
    expect(() => parseBulkRequest({ qrType: 'text', data: 'x', bgColor: 'white' })).toThrow(DomainError);
  });

  it('renders an SVG, and turns low contrast into a 400 on fgColor', () => {
    expect(renderBulk(parseBulkRequest({ qrType: 'text', data: 'hello' }))).toMatch(/^<svg/);
    try {
      renderBulk(parseBulkRequest({ qrType: 'text', data: 'hello', fgColor: '#FFFFFF', bgColor: '#FFFFFF' }));
      throw new Error('expected a DomainError');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(Object.keys((error as DomainError).fields ?? {})).toEqual(['fgColor']);
    }
  });
});

describe('bulkBodySchema', () => {
  it('refuses NUL and lone surrogates anywhere in the body, by field; leaves the rest to parseBulkRequest', () => {
    const bad = bulkBodySchema.safeParse({ qrType: 'text', data: 'a\u0000b', qrData: { url: 'https://x.example/\uD800' } });
    expect(bad.success ? {} : zodErrors(bad.error)).toEqual({
      data: 'data contains characters that are not allowed',
      'qrData.url': 'url contains characters that are not allowed',
    });
    expect(bulkBodySchema.parse({ qrType: 'pdf', qrData: 'not an object', data: 'x' })).toEqual({ qrType: 'pdf', data: 'x' });
  });
});
