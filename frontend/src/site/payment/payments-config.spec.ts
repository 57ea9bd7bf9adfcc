import { encodePayload } from '@qrsharks/qr-core';
import { formatCents, tempPriceCents } from './payments-config';

describe('checkout amounts', () => {
  it('shows cents as dollars with 2 decimals (core spec: price stored in cents)', () => {
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(350)).toBe('$3.50');
  });

  it("reads a temporary link's price as cents, and nothing else as a price", () => {
    expect(tempPriceCents('1999')).toBe(1999);
    expect(tempPriceCents(' 350 ')).toBe(350);
    for (const raw of [null, '', '19.99', '-5', '1e3', 'abc', '12345678901']) expect(tempPriceCents(raw)).toBeNull();
  });

  it('end to end: the link the generator encodes for an unsaved product reads back as one unit at its price', () => {
    for (const [price, shown] of [
      ['19.99', '$19.99'],
      [20, '$20.00'],
      ['0.5', '$0.50'],
    ] as const) {
      const link = new URL(encodePayload('payment', { productName: 'Shark plush', productPrice: price }, { origin: 'https://qr.example' }));
      expect(link.pathname).toBe('/payment');
      expect(link.searchParams.get('temp')).toBe('true');
      expect(link.searchParams.get('name')).toBe('Shark plush');
      const cents = tempPriceCents(link.searchParams.get('price'));
      expect(cents === null ? null : formatCents(cents)).toBe(shown);
    }
  });
});
