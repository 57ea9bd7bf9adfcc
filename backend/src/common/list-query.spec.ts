import { z } from 'zod';
import { listQuery } from './list-query';

const schema = listQuery({
  sortable: ['createdAt', 'name'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filter: z.strictObject({ q: z.string().max(100).optional(), id: z.array(z.string()).max(100).optional() }),
  maxPage: 50,
});

describe('listQuery (ra-data-simple-rest dialect)', () => {
  it('parses sort, range and filter', () => {
    const parsed = schema.parse({ sort: '["name","ASC"]', range: '[25,49]', filter: '{"q":"menu","id":["a","b"]}' });
    expect(parsed).toEqual({
      sort: { field: 'name', order: 'ASC' },
      range: { start: 25, end: 49, offset: 25, limit: 25 },
      filter: { q: 'menu', id: ['a', 'b'] },
    });
  });

  it('defaults to the first page in the default order with no filter', () => {
    expect(schema.parse({})).toEqual({
      sort: { field: 'createdAt', order: 'DESC' },
      range: { start: 0, end: 24, offset: 0, limit: 25 },
      filter: {},
    });
  });

  it.each([
    ['sort', 'not json'],
    ['sort', '["password","ASC"]'],
    ['sort', '["name","UP"]'],
    ['sort', '{"field":"name"}'],
    ['range', '[10,5]'],
    ['range', '[0,50]'],
    ['range', '[-1,5]'],
    ['range', '[0.5,5]'],
    ['range', '"0-24"'],
    ['filter', '{"owner":"x"}'],
    ['filter', '[1]'],
    ['filter', '{'],
  ])('refuses %s=%s with a field message', (key, value) => {
    const result = schema.safeParse({ [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(key);
  });

  it('refuses unknown query parameters and repeated ones', () => {
    expect(schema.safeParse({ page: '2' }).success).toBe(false);
    expect(schema.safeParse({ sort: ['["name","ASC"]', '["name","DESC"]'] }).success).toBe(false);
  });
});
