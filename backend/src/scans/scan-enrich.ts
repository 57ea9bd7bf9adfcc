import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isbot } from 'isbot';
import { Reader, type Response } from 'mmdb-lib';
import { UAParser } from 'ua-parser-js';
import type { BotReason, RawScan, Scanned } from './scan.events';

/**
 * Country by address from the geo-whois-asn-country database of ip-location-db (the npm package
 * `@ip-location-db/geo-whois-asn-country-mmdb`, CC0-1.0 on npm; built from the five RIRs' WHOIS and ASN data, which the
 * NRO publishes under CC BY 4.0: README.md's attribution), one MaxMind-format file of IPv4 and IPv6 ranges read with
 * mmdb-lib (MIT). Loading is one read of the ~8 MB file (no parsing: mmdb-lib walks the file's search tree per lookup),
 * done when the process starts (loadCountryLookup); docs/decisions.md, issue 28 leftovers item 1, has the figures.
 */
const COUNTRY_DB = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';
let countryReader: Reader<Response> | null = null;

/** An IPv4 address written as IPv6 (`::ffff:81.2.69.0`, how a dual-stack socket reports IPv4 peers): the IPv4 part. */
const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function lookupCountry(ip: string): string | null {
  const address = MAPPED_V4.exec(ip)?.[1] ?? ip;
  // mmdb-lib reads what it can of any string ('1.2.3.4.5' finds a country): only real addresses are looked up.
  if (!isIP(address)) return null;
  countryReader ??= new Reader<Response>(readFileSync(require.resolve(COUNTRY_DB)));
  // Its records are `{ country_code }`, none of the MaxMind shapes mmdb-lib's types know.
  const code = (countryReader.get(address) as { country_code?: unknown } | null)?.country_code;
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
}

/**
 * Loads the country database now, so that no scan waits for it: the ingester and the scan recorder (the API's direct
 * path) call this when the application starts. With geoip-country the first lookup blocked the event loop for up to
 * 250 ms, long enough for Redis commands in flight to pass REDIS_TIMEOUT_MS (150 ms); reading this file takes a few ms.
 */
export function loadCountryLookup(): void {
  lookupCountry('127.0.0.1');
}

/** Whether this process has loaded the country database (scan-recorder.int-spec). */
export const countryLookupLoaded = (): boolean => countryReader !== null;

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

/**
 * Whether a scan counts as a person's, as enrichScan classifies it (not HEAD, a user agent, not a bot or link preview):
 * the redirect asks this only for codes with a cap of human scans (issue 33).
 */
export function isHumanScan(ua: string, head: boolean): boolean {
  return !head && !!ua && !uaFacts(ua).isBot;
}

/** The scan's country as the ingester records it: a trusted proxy's header when valid, else the address's lookup. */
export function scanCountry(countryHeader: string, ip: string): string | null {
  const header = countryHeader.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(header) && header !== 'XX' ? header : lookupCountry(ip);
}

/** Turns the raw facts of a scan into the Scanned event's data: device, OS, browser, bot flag, country. */
export function enrichScan(raw: RawScan): Scanned {
  const ua = raw.ua;
  const facts = ua ? uaFacts(ua) : null;
  let botReason: BotReason = null;
  if (raw.head) botReason = 'head-request';
  else if (!facts) botReason = 'no-user-agent';
  else if (facts.isBot) botReason = 'user-agent';
  const country = scanCountry(raw.countryHeader, raw.ip);
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
    ...(raw.route ? { route: raw.route } : {}),
  };
}
