import { uuidv7 } from './uuid-v7';

describe('uuidv7', () => {
  it('makes RFC 9562 version 7 ids carrying the time, unique and in order', () => {
    const ids = Array.from({ length: 10_000 }, () => uuidv7(1_700_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(uuidv7(1_800_000_000_000).replace(/-/g, '').slice(0, 12), 16)).toBe(1_800_000_000_000);
  });
});
