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
});
