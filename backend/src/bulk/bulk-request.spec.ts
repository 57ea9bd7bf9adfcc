import { ValidationFailed } from '../common/errors.filter';
import { parseBulkRequest, renderBulk } from './bulk-request';

describe('parseBulkRequest', () => {
  it('takes the content from qrData ({url} or {data}) and falls back to data', () => {
    expect(parseBulkRequest({ qrType: 'url', qrData: { url: 'https://a.example' }, data: 'https://b.example' }).payload).toBe('https://a.example');
    expect(parseBulkRequest({ qrType: 'url', data: 'https://b.example' }).payload).toBe('https://b.example');
    expect(parseBulkRequest({ qrType: 'text', qrData: { data: 'one' }, data: 'two' }).payload).toBe('one');
    expect(parseBulkRequest({ qrType: 'text', data: 'two' })).toEqual({ qrType: 'text', payload: 'two', fgColor: '#000000', bgColor: '#FFFFFF' });
  });

  it('refuses unknown types and bad colours with the field', () => {
    expect(() => parseBulkRequest({ qrType: 'pdf', data: 'x' })).toThrow(ValidationFailed);
    expect(() => parseBulkRequest({ qrType: 'text', data: 'x', bgColor: 'white' })).toThrow(ValidationFailed);
  });

  it('renders an SVG, and turns low contrast into a 400 on fgColor', () => {
    expect(renderBulk(parseBulkRequest({ qrType: 'text', data: 'hello' }))).toMatch(/^<svg/);
    try {
      renderBulk(parseBulkRequest({ qrType: 'text', data: 'hello', fgColor: '#FFFFFF', bgColor: '#FFFFFF' }));
      throw new Error('expected a ValidationFailed');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailed);
      expect(Object.keys((error as ValidationFailed).errors)).toEqual(['fgColor']);
    }
  });
});
