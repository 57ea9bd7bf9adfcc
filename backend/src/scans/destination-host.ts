import type { Routing } from '../codes';

/** The lower-case host a destination's blocklist check matches, or null (none, or not a URL). */
export function destinationHost(destination: string | null | undefined): string | null {
  if (!destination) return null;
  try {
    return new URL(destination).hostname.replace(/\.$/, '').toLowerCase() || null;
  } catch {
    return null;
  }
}

/** The hosts of every address a routing may send a scan to (rules, split arms, afterLimit), each once. */
export function routingHosts(routing: Routing | null): string[] {
  if (!routing) return [];
  const destinations = [
    ...(routing.rules ?? []).map((rule) => rule.destination),
    ...(routing.split ?? []).map((arm) => arm.destination),
    routing.limits?.afterLimit,
  ];
  return [...new Set(destinations.map(destinationHost).filter((host): host is string => host !== null))];
}
