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
  facts = {
    device: parsed.device.type ?? (parsed.os.name || parsed.browser.name ? 'desktop' : 'unknown'),
    os: clip(parsed.os.name ?? 'unknown', 60),
    browser: clip(parsed.browser.name ?? 'unknown', 60),
    isBot: isbot(ua),
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
