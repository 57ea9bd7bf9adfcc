import { DomainError } from '../common/domain-error';

/** What a refusal is compared on: only the keys given are compared (fields: the per-field messages of a 400). */
export interface ExpectedRefusal {
  status?: number;
  message?: string;
  fields?: Record<string, string> | undefined;
}

/** The outcome of one decision: `then` the events (or answer) it decides, or `thenRefuses` with a DomainError. */
export interface When<S, R> {
  /** Asserts the decision (toEqual) and returns the state after its events (a decision that is not a list: unchanged). */
  then(expected: R): S;
  /** Asserts the decision refuses with a DomainError matching `expected`; returns the error for further checks. */
  thenRefuses(expected?: ExpectedRefusal): DomainError;
  /** The decision itself, for assertions `then` does not cover (toMatchObject, lengths). */
  readonly result: R;
}

export interface Given<S> {
  /** The state folded from the given events. */
  readonly state: S;
  when<R>(decide: (state: S) => R): When<S, R>;
}

/**
 * The one given/when/then helper for the pure decide/evolve tests of every feature:
 *
 *   const user = aggregate(initialUser, evolveUser);
 *   user.given(registered).when((state) => decideChangeName(state, 'u1', 'A', 'B')).then([{ type: 'UserNameChanged', ... }]);
 *   user.given().when((state) => decideChangeName(state, 'u1', 'A', 'B')).thenRefuses({ status: 404, message: 'User not found' });
 *
 * `evolve` folds the given events (and, after `then`, the decided ones) from `initial`; an aggregate whose fold needs
 * metadata (time, tenant) is given an evolve that adds it.
 */
export function aggregate<S, E>(initial: S, evolve: (state: S, event: E) => S) {
  const fold = (events: readonly E[], from: S = initial): S => events.reduce(evolve, from);
  const given = (...events: E[]): Given<S> => {
    const state = fold(events);
    return { state, when: (decide) => when(state, decide) };
  };
  const when = <R>(state: S, decide: (state: S) => R): When<S, R> => ({
    then(expected) {
      const decided = decide(state);
      expect(decided).toEqual(expected);
      return Array.isArray(decided) ? fold(decided as E[], state) : state;
    },
    thenRefuses(expected = {}) {
      const error = refusalOf(() => decide(state));
      const seen: ExpectedRefusal = {};
      if ('status' in expected) seen.status = error.status;
      if ('message' in expected) seen.message = error.message;
      if ('fields' in expected) seen.fields = error.fields;
      expect(seen).toEqual(expected);
      return error;
    },
    get result() {
      return decide(state);
    },
  });
  return { initial, fold, given };
}

/** The DomainError a decision throws; anything else (no refusal, another error) fails the test with what happened. */
export function refusalOf(run: () => unknown): DomainError {
  let outcome: unknown;
  try {
    outcome = run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`Expected a refusal (DomainError), but the decision answered ${JSON.stringify(outcome)}`);
}
