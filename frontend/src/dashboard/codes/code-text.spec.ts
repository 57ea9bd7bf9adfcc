import { codeTitle, destinationError, failureStatus } from './code-text';
import type { DashboardCode } from '../data-provider';

const code = (fields: Partial<DashboardCode>) =>
  ({ id: 'x', qrMode: 'static', qrType: 'url', name: null, content: null, ...fields }) as DashboardCode;

describe('dashboard code texts', () => {
  it('calls a code by its one display name: typed, else from its content, never its payload or password', () => {
    expect(codeTitle(code({ name: 'Menu', qrData: { url: 'https://a.example' } }))).toBe('Menu');
    expect(codeTitle(code({ qrMode: 'dynamic', qrData: { url: 'https://b.example/spring?t=1' }, destination: 'https://c.example' }))).toBe(
      'b.example/spring',
    );
    expect(codeTitle(code({ qrMode: 'dynamic', qrData: {}, destination: 'https://c.example/x' }))).toBe('c.example/x');
    expect(codeTitle(code({ qrType: 'contact', qrData: { firstName: 'Ann', lastName: 'Lee' }, content: 'BEGIN:VCARD\nFN:Ann' }))).toBe(
      'Ann Lee',
    );
    const wifi = codeTitle(
      code({ qrType: 'wifi', qrData: { ssid: 'Office-5G', password: 'pw-secret' }, content: 'WIFI:T:WPA;S:Office-5G;P:pw-secret;;' }),
    );
    expect(wifi).toBe('Office-5G');
    expect(codeTitle(code({ qrType: 'wifi', qrData: {} }))).toBe('Wi-Fi code');
    expect(codeTitle(code({ qrType: 'text', qrData: { text: 'x'.repeat(200) } })).length).toBeLessThanOrEqual(60);
  });

  it("checks a destination with the spec's messages", () => {
    expect(destinationError('  ')).toBe('URL is required');
    expect(destinationError('not a url')).toBe('Please enter a valid URL');
    expect(destinationError('https://example.com/new')).toBeNull();
  });

  it('reads the status of a failed call', () => {
    expect(failureStatus(new Error('412: {"message":"changed"}'))).toBe(412);
    expect(failureStatus(new Error('network down'))).toBeNull();
  });
});
