import { ComposeError, interpolate, requiredVariables } from './compose';

describe("compose's variable interpolation", () => {
  const vars = { SET: 'value', EMPTY: '' };

  it.each([
    ['${SET:-fallback}', 'value'],
    ['${EMPTY:-fallback}', 'fallback'],
    ['${EMPTY-fallback}', ''],
    ['${UNSET-fallback}', 'fallback'],
    ['${UNSET:-${SET}-x}', 'value-x'],
    ['${SET:+other}', 'other'],
    ['${EMPTY:+other}', ''],
    ['$SET/$$SET/${UNSET}', 'value/$SET/'],
    ['esdb://eventstoredb:2113?tls=false', 'esdb://eventstoredb:2113?tls=false'],
  ])('%s -> %s', (text, expected) => {
    expect(interpolate(text, vars)).toBe(expected);
  });

  it('refuses a required variable that is unset (or empty with :?) and lists the required ones', () => {
    expect(() => interpolate('${UNSET:?set UNSET}', vars)).toThrow(
      new ComposeError('required variable UNSET is missing a value: set UNSET'),
    );
    expect(() => interpolate('${EMPTY:?set it}', vars)).toThrow(ComposeError);
    expect(interpolate('${EMPTY?set it}', vars)).toBe('');
    expect(requiredVariables('A: ${ONE:?x}\nB: ${TWO?y}\nC: ${THREE:-z}\nD: ${ONE:?x}')).toEqual(['ONE', 'TWO']);
  });
});
