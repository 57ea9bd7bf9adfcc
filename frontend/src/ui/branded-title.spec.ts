import { brandedTitle } from './branded-title';

describe('brandedTitle: page titles carry the tenant name (website spec section 7, issue 19)', () => {
  const acme = { name: 'Acme Menus', removeQRCodeSharksBranding: true };
  const kept = { name: 'Acme Menus', removeQRCodeSharksBranding: false };

  it("leaves the default brand's titles (and a missing configuration) as they are", () => {
    expect(brandedTitle('Features - QR Code Sharks', null)).toBe('Features - QR Code Sharks');
    expect(brandedTitle('Features - QR Code Sharks', { name: 'QR Code Sharks' })).toBe('Features - QR Code Sharks');
  });

  it('a tenant that removes our branding: its name where ours was; appended where there was none', () => {
    expect(brandedTitle('QR Code Sharks - Free QR Code Generator', acme)).toBe('Acme Menus - Free QR Code Generator');
    expect(brandedTitle('Features - QR Code Sharks', acme)).toBe('Features - Acme Menus');
    expect(brandedTitle('Login to QR Generator', acme)).toBe('Login to QR Generator - Acme Menus');
    expect(brandedTitle('QR Code Sharks', acme)).toBe('Acme Menus');
  });

  it("a tenant that keeps our branding: '{name} - QR Code Sharks'", () => {
    expect(brandedTitle('QR Code Sharks', kept)).toBe('Acme Menus - QR Code Sharks');
    expect(brandedTitle('Features - QR Code Sharks', kept)).toBe('Features - Acme Menus - QR Code Sharks');
  });
});
