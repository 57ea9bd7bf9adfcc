import { DomainError } from '../../common/domain-error';
import { assertOwner, type Actor, type QrState } from './qr-code';
import type { QrEvent } from './qr-code.events';

/**
 * Tags on codes (issue 35): the owner's own words to group codes ("tables", "spring flyer"). Pure rules and decisions;
 * every change is one QrTagsChanged on the code's stream, whoever asked for it (the editor, a bulk action, a rename).
 */
export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 50;

export const TAGS_TOO_MANY = `A code can have at most ${TAGS_MAX} tags`;
export const TAG_BLANK = 'A tag cannot be blank';
export const TAG_TOO_LONG = `A tag can be at most ${TAG_MAX_LENGTH} characters`;
export const tagRepeated = (tag: string) => `The tag "${tag}" is there twice (tags ignore upper and lower case)`;

/** What two tags are compared by: upper and lower case do not make two tags. */
export const tagKey = (tag: string) => tag.trim().toLowerCase();

/** One tag as typed: trimmed, not blank, not too long. `field` names it in the 400. */
export function checkTag(tag: string, field = 'tag'): string {
  const trimmed = tag.trim();
  if (!trimmed) throw DomainError.invalid(TAG_BLANK, field);
  if (trimmed.length > TAG_MAX_LENGTH) throw DomainError.invalid(TAG_TOO_LONG, field);
  return trimmed;
}

/** A code's whole list of tags: each checked, none twice ignoring case, at most TAGS_MAX; the 400 names `tags`. */
export function checkTags(tags: readonly string[], field = 'tags'): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    const checked = checkTag(tag, field);
    if (seen.has(tagKey(checked))) throw DomainError.invalid(tagRepeated(checked), field);
    seen.add(tagKey(checked));
    out.push(checked);
  }
  if (out.length > TAGS_MAX) throw DomainError.invalid(TAGS_TOO_MANY, field);
  return out;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

function changed(state: QrState & { code: { qrId: string } }, after: string[]): QrEvent[] {
  return same(state.tags, after) ? [] : [{ type: 'QrTagsChanged', data: { qrId: state.code.qrId, before: [...state.tags], after } }];
}

/** PUT /api/dashboard/codes/{id}/tags: the code's tags become `tags` (the same list again records nothing). */
export function decideSetTags(state: QrState, actor: Actor, tags: readonly string[]): QrEvent[] {
  assertOwner(state, actor);
  return changed(state, checkTags(tags));
}

/** A bulk action's tag: added at the end unless the code has it already (in any case); a 21st tag is refused. */
export function decideAddTag(state: QrState, actor: Actor, tag: string): QrEvent[] {
  assertOwner(state, actor);
  const added = checkTag(tag);
  if (state.tags.some((existing) => tagKey(existing) === tagKey(added))) return [];
  if (state.tags.length >= TAGS_MAX) throw DomainError.invalid(TAGS_TOO_MANY, 'tag');
  return changed(state, [...state.tags, added]);
}

/** A bulk action's untag, or a tag removed across the owner's codes: a code without it records nothing. */
export function decideRemoveTag(state: QrState, actor: Actor, tag: string): QrEvent[] {
  assertOwner(state, actor);
  const key = tagKey(checkTag(tag));
  return changed(
    state,
    state.tags.filter((existing) => tagKey(existing) !== key),
  );
}

/**
 * A tag renamed across the owner's codes: `from` becomes `to` where it stood. A code that already has `to` keeps
 * that one and loses `from` (the two tags merge); a code without `from` records nothing. Renaming to the same words in
 * another case ("tables" to "Tables") changes the spelling.
 */
export function decideRenameTag(state: QrState, actor: Actor, from: string, to: string): QrEvent[] {
  assertOwner(state, actor);
  const fromKey = tagKey(checkTag(from, 'from'));
  const renamed = checkTag(to, 'to');
  if (!state.tags.some((tag) => tagKey(tag) === fromKey)) return [];
  const merges = tagKey(renamed) !== fromKey && state.tags.some((tag) => tagKey(tag) === tagKey(renamed));
  const after = merges
    ? state.tags.filter((tag) => tagKey(tag) !== fromKey)
    : state.tags.map((tag) => (tagKey(tag) === fromKey ? renamed : tag));
  return changed(state, after);
}
