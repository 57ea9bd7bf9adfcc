import { DomainError } from '../common/domain-error';
import { aggregate, refusalOf } from './given-when-then';

// A counter that refuses to go below zero: the smallest aggregate the helper can be shown on.
type Counted = { type: 'Added' | 'Taken'; data: { n: number } };
const counter = aggregate<number, Counted>(0, (total, event) => (event.type === 'Added' ? total + event.data.n : total - event.data.n));
const take =
  (n: number) =>
  (total: number): Counted[] => {
    if (n > total) throw DomainError.invalid({ n: `Only ${total} left` });
    return n === 0 ? [] : [{ type: 'Taken', data: { n } }];
  };

describe('given/when/then (test-support/given-when-then.ts)', () => {
  it('given folds the events, then asserts the decided events and answers the state after them', () => {
    expect(counter.given({ type: 'Added', data: { n: 5 } }, { type: 'Added', data: { n: 2 } }).state).toBe(7);
    const after = counter
      .given({ type: 'Added', data: { n: 5 } })
      .when(take(3))
      .then([{ type: 'Taken', data: { n: 3 } }]);
    expect(after).toBe(2);
    expect(counter.given().when(take(0)).then([])).toBe(0);
  });

  it('then fails on other events; thenRefuses fails on a decision that does not refuse or refuses otherwise', () => {
    const five = counter.given({ type: 'Added', data: { n: 5 } });
    expect(() => five.when(take(3)).then([{ type: 'Taken', data: { n: 4 } }])).toThrow();
    expect(() => five.when(take(3)).thenRefuses()).toThrow('Expected a refusal (DomainError), but the decision answered');
    expect(() => five.when(take(6)).thenRefuses({ status: 409 })).toThrow();
    expect(() => five.when(take(6)).thenRefuses({ fields: { n: 'Only 4 left' } })).toThrow();
    const error = five.when(take(6)).thenRefuses({ status: 400, message: 'Only 5 left', fields: { n: 'Only 5 left' } });
    expect(error).toBeInstanceOf(DomainError);
  });

  it('refusalOf hands back a DomainError and lets any other error through', () => {
    expect(refusalOf(() => take(1)(0)).status).toBe(400);
    expect(() =>
      refusalOf(() => {
        throw new TypeError('a bug, not a refusal');
      }),
    ).toThrow(TypeError);
  });
});
