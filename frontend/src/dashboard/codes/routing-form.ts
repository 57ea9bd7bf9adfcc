// Issue 33, the routing editor's pure part: the form's draft of a dynamic code's routing (rules, a split, limits), the
// PUT body made from it (empty parts left out, as the server stores them), the draft read back from GET, the split's
// sum check said before saving, and the server's field errors (`rules.0.when.country.1`) found for a form field.
import type { ApiAnswer, ApiBody } from '../../api/types';

export type RoutingAnswer = ApiAnswer<'/api/dynamic-qrcodes/{id}/routing'>;
export type RoutingBody = ApiBody<'/api/dynamic-qrcodes/{id}/routing', 'put'>;
export type SimulateBody = ApiBody<'/api/dynamic-qrcodes/{id}/simulate'>;
export type SimulateAnswer = ApiAnswer<'/api/dynamic-qrcodes/{id}/simulate', 'post'>;
type When = NonNullable<NonNullable<RoutingBody['rules']>[number]['when']>;
export type Device = NonNullable<When['device']>[number];
export type Os = NonNullable<When['os']>[number];

export const DEVICES: readonly [Device, string][] = [
  ['mobile', 'Mobile'],
  ['tablet', 'Tablet'],
  ['desktop', 'Desktop'],
];
export const OSES: readonly Os[] = ['iOS', 'Android', 'Windows', 'macOS', 'Linux', 'ChromeOS'];
export const WEEKDAYS: readonly [number, string][] = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [7, 'Sun'],
];
export const MAX_RULES = 25;
export const MAX_ARMS = 10;

/** A test scan's user agents. */
export const AGENT_PRESETS: readonly [string, string][] = [
  [
    'iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 ' +
      '(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ],
  ['Android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'],
  [
    'Windows desktop',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 ' + '(KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ],
];

export interface RuleDraft {
  key: number;
  countries: string;
  devices: Device[];
  os: Os[];
  languages: string;
  /** datetime-local values (the browser's own time), '' when unset. */
  from: string;
  until: string;
  weekdays: number[];
  hoursFrom: string;
  hoursTo: string;
  timeZone: string;
  destination: string;
}
export interface ArmDraft {
  key: number;
  destination: string;
  weight: string;
}
export interface RoutingDraft {
  rules: RuleDraft[];
  split: ArmDraft[];
  maxScans: string;
  validFrom: string;
  validUntil: string;
  afterLimit: string;
}

let nextKey = 1;
const key = () => nextKey++;

/** The browser's time zone, the default of a new rule's weekdays and hours. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function emptyRule(timeZone = browserTimeZone()): RuleDraft {
  return {
    key: key(),
    countries: '',
    devices: [],
    os: [],
    languages: '',
    from: '',
    until: '',
    weekdays: [],
    hoursFrom: '',
    hoursTo: '',
    timeZone,
    destination: '',
  };
}

export function emptyArm(weight = ''): ArmDraft {
  return { key: key(), destination: '', weight };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's time, '' for none or an unreadable one. */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the browser's time) as an ISO instant; an unreadable one is sent as typed for the server to name. */
export function fromLocalInput(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString().replace('.000Z', 'Z');
}

const words = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((word) => word.trim())
    .filter(Boolean);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function draftOfRouting(answer: Partial<RoutingAnswer> | null | undefined): RoutingDraft {
  const rules = (answer?.rules ?? []).map((rule): RuleDraft => {
    const when = rule.when as Partial<Record<keyof When, unknown>>;
    const hours = (when.hours ?? {}) as { from?: string; to?: string };
    return {
      ...emptyRule(typeof when.timeZone === 'string' ? when.timeZone : undefined),
      countries: strings(when.country).join(', '),
      devices: strings(when.device) as Device[],
      os: strings(when.os) as Os[],
      languages: strings(when.language).join(', '),
      from: toLocalInput(when.from),
      until: toLocalInput(when.until),
      weekdays: Array.isArray(when.weekdays) ? when.weekdays.filter((day): day is number => typeof day === 'number') : [],
      hoursFrom: hours.from ?? '',
      hoursTo: hours.to ?? '',
      destination: rule.destination,
    };
  });
  const limits = answer?.limits ?? {};
  return {
    rules,
    split: (answer?.split ?? []).map((arm) => ({ key: key(), destination: arm.destination, weight: String(arm.weight) })),
    maxScans: limits.maxScans === undefined ? '' : String(limits.maxScans),
    validFrom: toLocalInput(limits.validFrom),
    validUntil: toLocalInput(limits.validUntil),
    afterLimit: limits.afterLimit ?? '',
  };
}

/** A typed number as a number, or the text itself for the server to refuse with its message. */
const numberOf = (text: string): number => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : (text as unknown as number));

export function routingBody(draft: RoutingDraft): RoutingBody {
  const body: RoutingBody = {};
  if (draft.rules.length > 0) {
    body.rules = draft.rules.map((rule) => {
      const when: When = {};
      const countries = words(rule.countries);
      if (countries.length) when.country = countries.map((country) => country.toUpperCase());
      if (rule.devices.length) when.device = [...rule.devices];
      if (rule.os.length) when.os = [...rule.os];
      const languages = words(rule.languages);
      if (languages.length) when.language = languages;
      const from = fromLocalInput(rule.from);
      if (from) when.from = from;
      const until = fromLocalInput(rule.until);
      if (until) when.until = until;
      if (rule.weekdays.length) when.weekdays = [...rule.weekdays].sort((a, b) => a - b);
      if (rule.hoursFrom || rule.hoursTo) when.hours = { from: rule.hoursFrom, to: rule.hoursTo };
      // The zone reads weekdays and hours; a rule without them has no wall clock to read.
      if ((when.weekdays || when.hours) && rule.timeZone.trim()) when.timeZone = rule.timeZone.trim();
      return { when, destination: rule.destination.trim() };
    });
  }
  if (draft.split.length > 0) {
    body.split = draft.split.map((arm) => ({ destination: arm.destination.trim(), weight: numberOf(arm.weight) }));
  }
  const limits: NonNullable<RoutingBody['limits']> = {};
  if (draft.maxScans.trim()) limits.maxScans = numberOf(draft.maxScans);
  const validFrom = fromLocalInput(draft.validFrom);
  if (validFrom) limits.validFrom = validFrom;
  const validUntil = fromLocalInput(draft.validUntil);
  if (validUntil) limits.validUntil = validUntil;
  if (draft.afterLimit.trim()) limits.afterLimit = draft.afterLimit.trim();
  if (Object.keys(limits).length > 0) body.limits = limits;
  return body;
}

/** What the split's weights add up to, or null when there is no split. */
export function splitSum(split: readonly ArmDraft[]): number | null {
  if (split.length === 0) return null;
  return split.reduce((sum, arm) => sum + (Number.isFinite(Number(arm.weight)) ? Number(arm.weight) : 0), 0);
}

/** The message said under the split before saving, or null when its weights add up to 100. */
export function splitProblem(split: readonly ArmDraft[]): string | null {
  const sum = splitSum(split);
  if (sum === null || sum === 100) return null;
  return `The weights add up to ${sum}; they must add up to 100.`;
}

/** The server's message for a field (`rules.0.destination`) or anything under it (`rules.0.when.country.1`). */
export function errorAt(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const under = Object.keys(errors).find((name) => name.startsWith(`${field}.`));
  return under ? errors[under] : undefined;
}

/** Moves item `index` one place up (-1) or down (+1); the list as it was when it cannot move. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
