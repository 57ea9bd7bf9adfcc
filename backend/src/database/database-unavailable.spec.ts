import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it('knows the ways a database is briefly unusable, directly or wrapped (TypeORM driverError, Error.cause)', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable({ name: 'QueryFailedError', message: 'x', driverError: { code: '57P03' } })).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('outer', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })),
    ).toBe(true);
  });

  it('does not excuse bugs and bad data as unavailability', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
