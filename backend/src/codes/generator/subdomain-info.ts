import { isQrType, type QrType } from '@qrsharks/qr-core';
import type { SubdomainInfo } from './generator.answers';

/** Subdomain words that preselect a type on the landing page (e.g. menu.example.com opens the Menu/PDF generator). */
const ALIASES: Record<string, QrType> = {
  menu: 'pdf',
  website: 'url',
  link: 'url',
  vcard: 'contact',
  card: 'contact',
  pay: 'payment',
  review: 'ratings',
  reviews: 'ratings',
  app: 'apps',
  event: 'events',
  gallery: 'images',
  map: 'location',
  mail: 'email',
  btc: 'bitcoin',
};

/** GET /api/subdomain-info: isSubdomain, qrType (preselection or null) and subdomain, from the Host. */
export function subdomainInfo(rawHost: string, baseDomain: string): SubdomainInfo {
  const host = rawHost.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const suffix = `.${baseDomain.toLowerCase()}`;
  if (!host.endsWith(suffix)) return { isSubdomain: false, qrType: null, subdomain: null };
  const subdomain = host.slice(0, -suffix.length);
  if (!subdomain || subdomain === 'www' || subdomain.includes('.')) return { isSubdomain: false, qrType: null, subdomain: null };
  const qrType = isQrType(subdomain) ? subdomain : (ALIASES[subdomain] ?? null);
  return { isSubdomain: true, qrType, subdomain };
}
