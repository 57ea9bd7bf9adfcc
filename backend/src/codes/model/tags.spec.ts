import { DEFAULT_STORED_STYLE } from './code-input';
import { aggregate } from '../../test-support/given-when-then';
import { evolveQr, initialQr, type QrState } from './qr-code';
import type { QrEvent } from './qr-code.events';
import { decideAddTag, decideRemoveTag, decideRenameTag, decideSetTags, TAGS_MAX } from './tags';

const owner = { userId: 'u1', tenantId: 1 };
const metadata = {
  tenantId: 1,
  actorId: 'u1',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion: 1,
};
const code = aggregate<QrState, QrEvent>(initialQr, (state, event) => evolveQr(state, { ...event, metadata }));
const created: QrEvent = {
  type: 'QrCreated',
  data: {
    qrId: 'q1',
    userId: 'u1',
    mode: 'static',
    qrType: 'text',
    shortCode: null,
    destination: null,
    fields: { text: 'hi' },
    style: DEFAULT_STORED_STYLE,
    errorCorrectionLevel: 'M',
    logoFileName: null,
    logoFilePath: null,
  },
};
const tagged = (...after: string[]): QrEvent => ({ type: 'QrTagsChanged', data: { qrId: 'q1', before: [], after } });
const changed = (before: string[], after: string[]): QrEvent[] => [{ type: 'QrTagsChanged', data: { qrId: 'q1', before, after } }];
const many = (n: number) => Array.from({ length: n }, (_, i) => `tag ${i + 1}`);

describe('tags on codes (issue 35)', () => {
  it('sets the whole list trimmed; the same list again records nothing; the fold keeps it', () => {
    const state = code
      .given(created)
      .when((s) => decideSetTags(s, owner, ['  tables ', 'Spring']))
      .then(changed([], ['tables', 'Spring']));
    expect(state.tags).toEqual(['tables', 'Spring']);
    code
      .given(created, tagged('tables', 'Spring'))
      .when((s) => decideSetTags(s, owner, ['tables', 'Spring']))
      .then([]);
    code
      .given(created, tagged('tables'))
      .when((s) => decideSetTags(s, owner, []))
      .then(changed(['tables'], []));
  });

  it('refuses blank, too long, repeated (ignoring case) and more than 20 tags, naming the field', () => {
    const given = code.given(created);
    given.when((s) => decideSetTags(s, owner, ['  '])).thenRefuses({ status: 400, fields: { tags: 'A tag cannot be blank' } });
    given
      .when((s) => decideSetTags(s, owner, ['x'.repeat(51)]))
      .thenRefuses({ status: 400, fields: { tags: 'A tag can be at most 50 characters' } });
    given
      .when((s) => decideSetTags(s, owner, ['Tables', ' tables']))
      .thenRefuses({ status: 400, fields: { tags: 'The tag "tables" is there twice (tags ignore upper and lower case)' } });
    given.when((s) => decideSetTags(s, owner, many(TAGS_MAX))).then(changed([], many(TAGS_MAX)));
    given
      .when((s) => decideSetTags(s, owner, many(TAGS_MAX + 1)))
      .thenRefuses({ status: 400, fields: { tags: 'A code can have at most 20 tags' } });
  });

  it('adds a tag once (any case), refuses a 21st; removes ignoring case; nothing to remove records nothing', () => {
    code
      .given(created, tagged('tables'))
      .when((s) => decideAddTag(s, owner, ' TABLES '))
      .then([]);
    code
      .given(created, tagged('tables'))
      .when((s) => decideAddTag(s, owner, 'bar'))
      .then(changed(['tables'], ['tables', 'bar']));
    code
      .given(created, tagged(...many(TAGS_MAX)))
      .when((s) => decideAddTag(s, owner, 'one more'))
      .thenRefuses({ status: 400, fields: { tag: 'A code can have at most 20 tags' } });
    code
      .given(created, tagged('tables', 'bar'))
      .when((s) => decideRemoveTag(s, owner, 'Tables'))
      .then(changed(['tables', 'bar'], ['bar']));
    code
      .given(created, tagged('bar'))
      .when((s) => decideRemoveTag(s, owner, 'tables'))
      .then([]);
  });

  it('renames in place, merges into an existing tag, changes only the case, skips codes without it', () => {
    const given = code.given(created, tagged('a', 'tables', 'z'));
    given.when((s) => decideRenameTag(s, owner, 'TABLES', 'Seats')).then(changed(['a', 'tables', 'z'], ['a', 'Seats', 'z']));
    given.when((s) => decideRenameTag(s, owner, 'tables', 'Z')).then(changed(['a', 'tables', 'z'], ['a', 'z']));
    given.when((s) => decideRenameTag(s, owner, 'tables', 'Tables')).then(changed(['a', 'tables', 'z'], ['a', 'Tables', 'z']));
    given.when((s) => decideRenameTag(s, owner, 'other', 'Seats')).then([]);
    given.when((s) => decideRenameTag(s, owner, 'tables', ' ')).thenRefuses({ status: 400, fields: { to: 'A tag cannot be blank' } });
  });

  it("is the owner's alone: another user's or a deleted code is not found", () => {
    code
      .given(created)
      .when((s) => decideSetTags(s, { userId: 'u2', tenantId: 1 }, ['x']))
      .thenRefuses({ status: 404 });
    code
      .given(created)
      .when((s) => decideAddTag(s, { userId: 'u1', tenantId: 2 }, 'x'))
      .thenRefuses({ status: 404 });
    code
      .given(created, { type: 'QrDeleted', data: { qrId: 'q1' } })
      .when((s) => decideRemoveTag(s, owner, 'x'))
      .thenRefuses({ status: 404 });
  });
});
