import { UAParser } from 'ua-parser-js';

/**
 * Where each scan of a dynamic code goes (issue 33): rules (first match wins), else a sticky weighted split, else the
 * code's destination, all inside the code's limits (validity window, a cap of human scans). The routing is kept on
 * the code's stream (QrRoutingChanged) and travels with the cached scan target; the decision below is a pure function
 * of it, the request's facts, the visitor hash and the clock: no I/O, so the redirect and simulate run the very same
 * code, and a code without routing never calls it.
 */
export const ROUTE_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export const ROUTE_OSES = ['iOS', 'Android', 'Windows', 'macOS', 'Linux', 'ChromeOS'] as const;
export type RouteDevice = (typeof ROUTE_DEVICES)[number];
export type RouteOs = (typeof ROUTE_OSES)[number];

export const MAX_RULES = 25;
export const MAX_SPLIT_ARMS = 10;

export interface RouteWhen {
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string[];
  device?: RouteDevice[];
  os?: RouteOs[];
  /** Language tags ('de' matches de, de-DE, de-AT; 'de-AT' only de-AT), against the visitor's preferred language. */
  language?: string[];
  /** ISO instants: from inclusive, until exclusive. */
  from?: string;
  until?: string;
  /** ISO weekdays in `timeZone`: 1 Monday to 7 Sunday. */
  weekdays?: number[];
  /** Wall-clock time in `timeZone`, from inclusive, to exclusive; a `to` before `from` wraps past midnight. */
  hours?: { from: string; to: string };
  /** IANA zone of weekdays and hours; UTC when absent. */
  timeZone?: string;
}

export interface RouteRule {
  when: RouteWhen;
  destination: string;
}

export interface SplitArm {
  destination: string;
  weight: number;
}

export interface RouteLimits {
  /** Human scans (never bots or link previews) the code answers with its routing; then `afterLimit` or the page. */
  maxScans?: number;
  validFrom?: string;
  validUntil?: string;
  afterLimit?: string;
}

/** A code's routing as PUT and GET /api/dynamic-qrcodes/{id}/routing carry it: every part optional. */
export interface Routing {
  rules?: RouteRule[];
  split?: SplitArm[];
  limits?: RouteLimits;
}

/** 'rule 1' (1-based), 'split a' (arms a, b, ... in their order), or why the routing did not apply. */
export type RouteMatch = `rule ${number}` | `split ${string}` | 'default' | 'limit' | 'not yet valid' | 'expired';

export interface RouteAnswer {
  /** Where the scan goes; null: the code's own answer without a destination (its hosted page), or the inactive page. */
  destination: string | null;
  matched: RouteMatch;
  explanation: string;
}

/** What the decision reads of a scan. `country` is asked only when a rule names countries (a lookup may cost). */
export interface RouteRequest {
  userAgent: string;
  /** The raw Accept-Language header. */
  acceptLanguage: string;
  country: () => string | null;
  /** The visitor hash the scan path computes (scans/visitor.ts): the split's stickiness. */
  visitor: string;
}

/** True when the routing changes nothing (no rules, no split, no limits): stored as "no routing". */
export function isEmptyRouting(routing: Routing | null | undefined): boolean {
  if (!routing) return true;
  const limits = routing.limits ?? {};
  return !routing.rules?.length && !routing.split?.length && !Object.values(limits).some((value) => value !== undefined);
}

// ---------------------------------------------------------------- compiled

interface CompiledRule {
  countries: Set<string> | null;
  devices: Set<string> | null;
  oses: Set<string> | null;
  languages: string[] | null;
  from: number;
  until: number;
  weekdays: Set<number> | null;
  hours: { from: number; to: number } | null;
  timeZone: string;
  destination: string;
}

/** The routing with its instants parsed and its lists as sets: built once per cached target, read by every scan. */
export interface CompiledRouting {
  qrId: string;
  rules: CompiledRule[];
  /** Cumulative upper bounds (0..100) of the arms, in order. */
  split: { destination: string; weight: number; upTo: number }[];
  maxScans: number | null;
  validFrom: number;
  validUntil: number;
  afterLimit: string | null;
  /** Whether any rule reads the user agent or the country (the redirect parses or looks up only then). */
  readsAgent: boolean;
  readsCountry: boolean;
}

const instant = (value: string | undefined, otherwise: number) => (value ? Date.parse(value) : otherwise);
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const setOf = <T>(values: readonly T[] | undefined) => (values?.length ? new Set(values) : null);

/** `qrId` salts the split's bucket, so a visitor's arm on one code says nothing about its arm on another. */
export function compileRouting(qrId: string, routing: Routing): CompiledRouting {
  const rules = (routing.rules ?? []).map(({ when, destination }): CompiledRule => ({
    countries: setOf(when.country?.map((c) => c.toUpperCase())),
    devices: setOf(when.device),
    oses: setOf(when.os),
    languages: when.language?.length ? when.language.map((l) => l.toLowerCase()) : null,
    from: instant(when.from, -Infinity),
    until: instant(when.until, Infinity),
    weekdays: setOf(when.weekdays),
    hours: when.hours ? { from: minutes(when.hours.from), to: minutes(when.hours.to) } : null,
    timeZone: when.timeZone ?? 'UTC',
    destination,
  }));
  let total = 0;
  const split = (routing.split ?? []).map(({ destination, weight }) => ({ destination, weight, upTo: (total += weight) }));
  const limits = routing.limits ?? {};
  return {
    qrId,
    rules,
    split,
    maxScans: limits.maxScans ?? null,
    validFrom: instant(limits.validFrom, -Infinity),
    validUntil: instant(limits.validUntil, Infinity),
    afterLimit: limits.afterLimit ?? null,
    readsAgent: rules.some((rule) => rule.devices || rule.oses),
    readsCountry: rules.some((rule) => rule.countries),
  };
}

// ---------------------------------------------------------------- the decision

/**
 * Where this scan goes. `fallback` is the code's own destination (null: its hosted page). `humanScansBefore` is how
 * many human scans the cap has counted before this one (the redirect's counter; 0 without a cap). Order: validity,
 * then the cap, then the rules in order (the first whose conditions all hold), then the split, then the fallback.
 */
export function decideRoute(
  routing: CompiledRouting,
  fallback: string | null,
  request: RouteRequest,
  now: number,
  humanScansBefore = 0,
): RouteAnswer {
  const inactive = routing.afterLimit;
  const after = inactive ? `it answers its after-limit address ${inactive}` : 'it answers the inactive page, never the destination';
  if (now < routing.validFrom)
    return {
      destination: inactive,
      matched: 'not yet valid',
      explanation: `The code is valid from ${iso(routing.validFrom)}: ${after}.`,
    };
  if (now >= routing.validUntil)
    return { destination: inactive, matched: 'expired', explanation: `The code was valid until ${iso(routing.validUntil)}: ${after}.` };
  if (routing.maxScans !== null && humanScansBefore >= routing.maxScans)
    return {
      destination: inactive,
      matched: 'limit',
      explanation: `The code has answered its limit of ${routing.maxScans} human scans: ${after}.`,
    };
  const facts = new Facts(request);
  for (let i = 0; i < routing.rules.length; i++) {
    const rule = routing.rules[i];
    const reasons = ruleHolds(rule, facts, now);
    if (reasons) return { destination: rule.destination, matched: `rule ${i + 1}`, explanation: `Rule ${i + 1} matched: ${reasons}.` };
  }
  const none = routing.rules.length ? 'No rule matched' : 'No rules';
  if (routing.split.length) {
    const bucket = splitBucket(routing.qrId, request.visitor);
    const index = routing.split.findIndex((arm) => bucket < arm.upTo);
    const arm = routing.split[index < 0 ? routing.split.length - 1 : index];
    const name = armName(index < 0 ? routing.split.length - 1 : index);
    return {
      destination: arm.destination,
      matched: `split ${name}`,
      explanation: `${none}; the split sent this visitor to arm ${name} (weight ${arm.weight}; the visitor's bucket is ${bucket} of 100).`,
    };
  }
  return { destination: fallback, matched: 'default', explanation: `${none}: the code's own destination.` };
}

/** The split's arms are named a, b, c, ... in their order. */
export const armName = (index: number) => String.fromCharCode(97 + index);

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * 0..99 from the visitor hash and the code: FNV-1a (32-bit) of both. The same visitor gets the same arm of the same
 * code for as long as its hash stays the same (scans/visitor.ts: IP, user agent and the UTC day).
 */
export function splitBucket(qrId: string, visitor: string): number {
  let hash = 0x811c9dc5;
  const text = `${qrId}\u0000${visitor}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/** The reasons a rule holds ('country DE, device mobile'), or null when one of its conditions does not. */
function ruleHolds(rule: CompiledRule, facts: Facts, now: number): string | null {
  const reasons: string[] = [];
  if (now < rule.from || now >= rule.until) return null;
  if (rule.from > -Infinity || rule.until < Infinity) reasons.push(`time ${iso(now)} in its window`);
  if (rule.countries) {
    const country = facts.country();
    if (!country || !rule.countries.has(country)) return null;
    reasons.push(`country ${country}`);
  }
  if (rule.devices) {
    const { device } = facts.agent();
    if (!rule.devices.has(device)) return null;
    reasons.push(`device ${device}`);
  }
  if (rule.oses) {
    const { os } = facts.agent();
    if (!rule.oses.has(os)) return null;
    reasons.push(`OS ${os}`);
  }
  if (rule.languages) {
    const language = facts.language();
    const matched = language && rule.languages.find((tag) => language === tag || language.startsWith(`${tag}-`));
    if (!matched) return null;
    reasons.push(`language ${language}`);
  }
  if (rule.weekdays || rule.hours) {
    const local = wallClock(now, rule.timeZone);
    if (rule.weekdays && !rule.weekdays.has(local.weekday)) return null;
    if (rule.hours) {
      const { from, to } = rule.hours;
      const inside = from < to ? local.minutes >= from && local.minutes < to : local.minutes >= from || local.minutes < to;
      if (!inside) return null;
    }
    reasons.push(`local time ${WEEKDAYS[local.weekday - 1]} ${clock(local.minutes)} in ${rule.timeZone}`);
  }
  return reasons.length ? reasons.join(', ') : 'it has no conditions';
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** ISO weekday (1 Monday .. 7 Sunday) and minutes since midnight at `now` in the zone (Intl: daylight saving included). */
export function wallClock(now: number, timeZone: string): { weekday: number; minutes: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  let weekday = 1;
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(now)) {
    if (part.type === 'weekday') weekday = WEEKDAYS.indexOf(part.value) + 1;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { weekday, minutes: hour * 60 + minute };
}

/** Whether the runtime knows this IANA zone (the routing's schema refuses others). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- request facts

/** The scan's facts, each worked out once and only when a rule asks for it. */
class Facts {
  private agentFacts: AgentFacts | undefined;
  private countryValue: string | null | undefined;
  private languageValue: string | null | undefined;
  constructor(private readonly request: RouteRequest) {}

  agent(): AgentFacts {
    return (this.agentFacts ??= agentFacts(this.request.userAgent));
  }

  country(): string | null {
    if (this.countryValue === undefined) this.countryValue = this.request.country()?.toUpperCase() ?? null;
    return this.countryValue;
  }

  language(): string | null {
    if (this.languageValue === undefined) this.languageValue = preferredLanguage(this.request.acceptLanguage);
    return this.languageValue;
  }
}

/**
 * The visitor's most preferred language in an Accept-Language header, lower case ('de-de'): the tag with the highest
 * q (the first of equals), '*' and q=0 ignored; null when none.
 */
export function preferredLanguage(header: string): string | null {
  let best: string | null = null;
  let bestQ = 0;
  for (const part of header.slice(0, 256).split(',')) {
    const [tag, ...params] = part.split(';');
    const name = tag.trim().toLowerCase();
    if (!name || name === '*' || !/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(name)) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (Number.isFinite(weight) && weight > bestQ) {
      best = name;
      bestQ = weight;
    }
  }
  return best;
}

interface AgentFacts {
  /** mobile, tablet, desktop, or what else the parser names (smarttv, console, ...), 'unknown' without a clue. */
  device: string;
  /** One of ROUTE_OSES, or the parser's own name for any other. */
  os: string;
}

/** The parser's OS names that a rule's OS names cover (ua-parser-js 1.x, as scans/scan-enrich.ts uses it). */
const OS_NAMES: Record<string, RouteOs> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS', 'Chrome OS': 'ChromeOS' };
const LINUX = /^(Linux|Ubuntu|Debian|Fedora|Mint|Arch|Gentoo|SUSE|openSUSE|Red Hat|CentOS|Slackware|Kubuntu|Xubuntu|Mandriva|Deepin)$/;

/**
 * Parsing costs tens of microseconds and a code's scans come from few agents: the last 10,000 are kept (dropped all at
 * once when full, so memory stays bounded). A cache of a pure function: the answer never depends on it.
 */
const agentCache = new Map<string, AgentFacts>();

export function agentFacts(ua: string): AgentFacts {
  const known = agentCache.get(ua);
  if (known) return known;
  const parsed = new UAParser(ua).getResult();
  const name = parsed.os.name ?? '';
  let os: string = OS_NAMES[name] ?? name;
  if (name.startsWith('Windows')) os = 'Windows';
  else if (LINUX.test(name)) os = 'Linux';
  const facts = {
    device: parsed.device.type ?? (parsed.os.name || parsed.browser.name ? 'desktop' : 'unknown'),
    os: os || 'unknown',
  };
  if (agentCache.size >= 10_000) agentCache.clear();
  agentCache.set(ua, facts);
  return facts;
}
