import { codeTitle, destinationError, failureStatus } from './code-text';
import type { DashboardCode } from '../data-provider';

const code = (fields: Partial<DashboardCode>) =>
  ({ id: 'x', qrMode: 'static', qrType: 'url', name: null, content: null, ...fields }) as DashboardCode;

describe('dashboard code texts', () => {
  it('calls a code by its name, else its destination or content, else its type', () => {
    expect(codeTitle(code({ name: 'Menu', content: 'https://a.example' }))).toBe('Menu');
    expect(codeTitle(code({ qrMode: 'dynamic', destination: 'https://b.example', link: 'https://x/d/abc' }))).toBe('https://b.example');
    expect(codeTitle(code({ qrMode: 'dynamic', destination: null, link: 'https://x/d/abc' }))).toBe('https://x/d/abc');
    expect(codeTitle(code({ content: 'BEGIN:VCARD\nFN:Ann' }))).toBe('BEGIN:VCARD');
    expect(codeTitle(code({ qrType: 'wifi' }))).toBe('Wi-Fi');
    expect(codeTitle(code({ content: 'x'.repeat(200) }))).toHaveLength(120);
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
