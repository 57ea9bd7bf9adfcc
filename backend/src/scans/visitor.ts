import { createHash } from 'node:crypto';
import { isIPv4 } from 'node:net';

/** Salted hash of IP + user agent + UTC day: a visitor is the same within a day and unlinkable across days. */
export function visitorHash(salt: string, ip: string, ua: string, at: number): string {
  const day = Math.floor(at / 86_400_000);
  return createHash('sha256').update(`${salt}\u0000${day}\u0000${ip}\u0000${ua}`).digest('base64url').slice(0, 22);
}

/** IPv4 /24 or IPv6 /48: enough for a country lookup, not enough to single out a household. */
export function truncateIp(ip: string): string {
  if (!ip) return '';
  if (isIPv4(ip)) return ip.replace(/\.\d+$/, '.0');
  const [left, right] = ip.split('::');
  const head = left ? left.split(':') : [];
  const tail = right ? right.split(':') : [];
  const groups = ip.includes('::') ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail] : head;
  if (groups.length !== 8) return '';
  return `${groups.slice(0, 3).join(':')}::`;
}
