/**
 * Load time, RSS delta and lookups per second of the scan ingester's country lookup (docs/decisions.md, issue 28
 * leftovers item 1): `SWC_NODE_PROJECT=tsconfig.json node -r @swc-node/register scripts/country-lookup-bench.ts`.
 * 100,000 pseudo-random addresses (one in five IPv6, fixed seed), looked up five times each.
 */
import { loadCountryLookup, lookupCountry } from '../src/scans/scan-enrich';

let seed = 12345;
const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
const addresses = Array.from({ length: 100_000 }, (_, i) =>
  i % 5 ? `${next() & 255}.${next() & 255}.${next() & 255}.${next() & 255}` : `2a0${next() % 10}:${(next() & 0xffff).toString(16)}::1`,
);
const rssBefore = process.memoryUsage().rss;
let start = process.hrtime.bigint();
loadCountryLookup();
const loadMs = Number(process.hrtime.bigint() - start) / 1e6;
const rssDeltaMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
start = process.hrtime.bigint();
let found = 0;
for (let round = 0; round < 5; round++) for (const address of addresses) if (lookupCountry(address)) found++;
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const perSecond = Math.round((5 * addresses.length) / seconds);
console.log(`load ${loadMs.toFixed(1)} ms, RSS +${rssDeltaMb.toFixed(1)} MB, ${perSecond} lookups/s (${found} found)`);
