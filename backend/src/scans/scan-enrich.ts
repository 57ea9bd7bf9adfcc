import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type { BotReason, RawScan, Scanned } from './scan.events';

type GeoLookup = (ip: string) => { country: string } | null;
let geoLookup: GeoLookup | null = null;

/**
 * Country from the GeoLite2 country database that ships inside the `geoip-country` npm package (no download at
 * run time). Loaded on first use: only the ingester, and the API's fallback path, pay its ~8 MB.
 */
function lookupCountry(ip: string): string | null {
  if (!ip) return null;
  if (!geoLookup) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    geoLookup = (require('geoip-country') as typeof import('geoip-country')).lookup;
  }
  return geoLookup(ip)?.country ?? null;
}

/**
 * Loads the country database now: its first use blocks the event loop for about 250 ms (measured on the shared test
 * machine), long enough for every Redis command in flight to pass REDIS_TIMEOUT_MS (150 ms) and its scans to take the
 * direct path. The ingester calls this at start, so that pause happens before the process serves anything.
 */
export function loadCountryLookup(): void {
  lookupCountry('127.0.0.1');
}

/** Whether this process has loaded the country database (scan-recorder.int-spec). */
export const countryLookupLoaded = (): boolean => geoLookup !== null;

/**
 * Link-preview fetchers (chat and social apps unfurling a pasted link): the user-agent parser names none of them, so
 * a bot's browser is the fetcher's own name when it is one of these, which is how analytics tells previews from bots.
 */
export const PREVIEW_FETCHERS = [
  'facebookexternalhit',
  'WhatsApp',
  'Slackbot',
  'TelegramBot',
  'Discordbot',
  'Twitterbot',
  'LinkedInBot',
  'SkypeUriPreview',
  'Pinterestbot',
  'redditbot',
  'Embedly',
  'Iframely',
] as const;
const PREVIEW_AGENT = new RegExp(`\\b(${PREVIEW_FETCHERS.join('|')})`, 'i');

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

interface UaFacts {
  device: string;
  os: string;
  browser: string;
  isBot: boolean;
}

/**
 * Parsing a user agent costs about 60 µs, and the scans of a code come from few distinct agents: the ingester
 * keeps the last 10,000 it parsed (dropped all at once when full, so memory stays bounded).
 */
const uaCache = new Map<string, UaFacts>();
const UA_CACHE_SIZE = 10_000;

function uaFacts(ua: string): UaFacts {
  let facts = uaCache.get(ua);
  if (facts) return facts;
  const parsed = new UAParser(ua).getResult();
  const bot = isbot(ua);
  const fetcher = bot ? PREVIEW_AGENT.exec(ua)?.[1] : undefined;
  const canonical = fetcher ? PREVIEW_FETCHERS.find((name) => name.toLowerCase() === fetcher.toLowerCase()) : undefined;
  facts = {
    device: parsed.device.type ?? (parsed.os.name || parsed.browser.name ? 'desktop' : 'unknown'),
    os: clip(parsed.os.name ?? 'unknown', 60),
    browser: clip(canonical ?? parsed.browser.name ?? 'unknown', 60),
    isBot: bot,
  };
  if (uaCache.size >= UA_CACHE_SIZE) uaCache.clear();
  uaCache.set(ua, facts);
  return facts;
}

/** Turns the raw facts of a scan into the Scanned event's data: device, OS, browser, bot flag, country. */
export function enrichScan(raw: RawScan): Scanned {
  const ua = raw.ua;
  const facts = ua ? uaFacts(ua) : null;
  let botReason: BotReason = null;
  if (raw.head) botReason = 'head-request';
  else if (!facts) botReason = 'no-user-agent';
  else if (facts.isBot) botReason = 'user-agent';
  const header = raw.countryHeader.trim().toUpperCase();
  const country = /^[A-Z]{2}$/.test(header) && header !== 'XX' ? header : lookupCountry(raw.ip);
  const language = raw.language.split(',')[0]?.split(';')[0]?.trim() || null;
  return {
    scanId: raw.id,
    qrId: raw.qrId,
    shortCode: raw.shortCode,
    scannedAt: new Date(raw.at).toISOString(),
    visitorHash: raw.visitor,
    device: facts?.device ?? 'unknown',
    os: facts?.os ?? 'unknown',
    browser: facts?.browser ?? 'unknown',
    referrer: raw.referrer ? clip(raw.referrer, 500) : null,
    country,
    language: language ? clip(language, 35) : null,
    isBot: botReason !== null,
    botReason,
  };
}
