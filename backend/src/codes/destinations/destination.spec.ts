import { DomainError } from '../../common/domain-error';
import {
  checkDestination,
  checkStaticContent,
  DESTINATION_MESSAGES,
  destinationNameToResolve,
  isLocalOrPrivateHost,
  MAX_DESTINATION_LENGTH,
  ownHostPolicy,
  unresolvedReason,
} from './destination';

const policy = ownHostPolicy({
  publicOrigin: 'https://qr.example:8443',
  baseDomain: 'qrsharks.example',
  tenantHosts: ['Menus.Acme.example'],
  allowPrivate: false,
});
const refusal = (raw: unknown, with_ = policy) => {
  try {
    checkDestination(raw, with_);
    return null;
  } catch (error) {
    return (error as DomainError).message;
  }
};

describe('checkDestination', () => {
  it('answers the URL exactly as the redirect sends it (URL.href), which is what is stored', () => {
    expect(checkDestination('  https://Menu.Example/Lunch?x=1#top ', policy)).toBe('https://menu.example/Lunch?x=1#top');
    expect(checkDestination('https://café.example/ü', policy)).toBe('https://xn--caf-dma.example/%C3%BC');
  });

  it("refuses loops through this service: our origin, the base domain and its subdomains, tenants' domains", () => {
    for (const loop of [
      'https://qr.example/d/abc12345',
      'http://qr.example:8443/d/x',
      'https://qrsharks.example/',
      'https://acme.qrsharks.example/d/x',
      'https://menus.acme.example/d/x',
      'https://MENUS.ACME.EXAMPLE./d/x',
    ]) {
      expect(refusal(loop)).toBe(DESTINATION_MESSAGES.ownHost);
    }
    // The hosted pages of non-web codes and the checkout are ours too, and are not loops.
    expect(refusal('https://qr.example/pdf/0f8c1b2e-3d4a-4b5c-8d6e-7f8091a2b3c4')).toBeNull();
    expect(refusal('https://acme.qrsharks.example/images/abc')).toBeNull();
    expect(refusal('https://qr.example/payment?id=q1')).toBeNull();
  });

  it('refuses loopback, link-local and private addresses unless the installation allows them', () => {
    for (const inward of [
      'http://127.0.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3',
      'http://192.168.1.1',
      'http://172.20.0.1',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://localhost:8080',
      'http://printer.local',
      'http://0.0.0.0',
    ]) {
      expect(refusal(inward)).toBe(DESTINATION_MESSAGES.private);
    }
    expect(refusal('http://10.1.2.3/intranet', { ...policy, allowPrivate: true })).toBeNull();
    // IPv6 spellings of inward IPv4 addresses: compatible, translated, mapped, NAT64, 6to4, Teredo (server or client).
    for (const inward of [
      'http://[::127.0.0.1]/',
      'http://[::ffff:0:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[2002:a9fe:a9fe::1]/',
      'http://[64:ff9b::169.254.169.254]/',
      'http://[64:ff9b:1::8.8.8.8]/',
      'http://[2001:0:a00:1::1]/',
      'http://[2001:0:5db8:1::80ff:fffe]/',
      'http://[::]/',
      'http://[fd12:3456::1]/',
      'http://[fec0::1]/',
      'http://[ff02::1]/',
    ]) {
      expect({ inward, refusal: refusal(inward) }).toEqual({ inward, refusal: DESTINATION_MESSAGES.private });
    }
    for (const outward of [
      'http://[2002:5db8:d822::1]/',
      'http://[64:ff9b::8.8.8.8]/',
      'http://[::ffff:8.8.8.8]/',
      'http://[2001:4860::8888]/',
    ]) {
      expect({ outward, refusal: refusal(outward) }).toEqual({ outward, refusal: null });
    }
    expect(isLocalOrPrivateHost('93.184.216.34')).toBe(false);
    expect(isLocalOrPrivateHost('[2606:4700::1111]')).toBe(false);
  });

  it('refuses a name any of whose addresses (as resolved when it is saved) is not public, and records one that did not resolve', () => {
    const resolved = (addresses: string[]) => ({ ...policy, resolutions: new Map([['site.example', { addresses }]]) });
    expect(refusal('http://site.example/', resolved(['127.0.0.1']))).toBe(DESTINATION_MESSAGES.private);
    expect(refusal('http://SITE.example./', resolved(['93.184.216.34', '::ffff:a9fe:a9fe']))).toBe(DESTINATION_MESSAGES.private);
    expect(refusal('http://site.example/', resolved(['93.184.216.34', '2606:4700::1111']))).toBeNull();
    expect(refusal('http://site.example/', { ...resolved(['10.0.0.1']), allowPrivate: true })).toBeNull();
    const notLive = { ...policy, resolutions: new Map([['soon.example', { unresolved: 'not_found' as const }]]) };
    expect(refusal('https://soon.example/menu', notLive)).toBeNull();
    expect(unresolvedReason('https://soon.example/menu', notLive)).toBe('not_found');
    expect(unresolvedReason('https://other.example/', notLive)).toBeUndefined();
    // What is resolved is exactly the host checkDestination judges; addresses and local names are judged as spelt.
    expect(destinationNameToResolve('  https://Soon.Example./x ')).toBe('soon.example');
    for (const none of ['http://127.0.0.1/', 'http://[::1]/', 'http://localhost/', 'ftp://a.example/', 'not a url', 42]) {
      expect(destinationNameToResolve(none)).toBeNull();
    }
  });

  it(
    'refuses control characters (a raw CR/LF would be normalised away, so what is stored would not be what is sent), credentials and ' +
      'more than 2048 characters',
    () => {
      expect(refusal('https://a.example/x\r\nSet-Cookie: a=b')).toBe(DESTINATION_MESSAGES.control);
      expect(refusal('https://a.example/\u0000')).toBe(DESTINATION_MESSAGES.control);
      expect(refusal('https://bank.example@evil.example/')).toBe(DESTINATION_MESSAGES.credentials);
      const longest = `https://a.example/${'x'.repeat(MAX_DESTINATION_LENGTH - 'https://a.example/'.length)}`;
      expect(refusal(longest)).toBeNull();
      expect(refusal(`${longest}y`)).toBe(DESTINATION_MESSAGES.length);
      // Measured on what is sent: characters that percent-encoding triples count three times.
      expect(refusal(`https://a.example/${'ü'.repeat(700)}`)).toBe(DESTINATION_MESSAGES.length);
    },
  );

  it("keeps the spec's messages for the basic rules", () => {
    expect(refusal('')).toBe('URL is required');
    expect(refusal(42)).toBe('URL is required');
    expect(refusal('not a url')).toBe('Please enter a valid URL');
    expect(refusal('javascript:alert(1)')).toBe('URL must use http or https protocol');
  });
});

describe('checkStaticContent: links printed in a static code against the blocklist (issue 30 item 6)', () => {
  const blocking = ownHostPolicy({
    publicOrigin: 'https://qr.example',
    baseDomain: 'qr.example',
    tenantHosts: [],
    allowPrivate: false,
    blockedDomains: ['phish.example'],
  });
  const field = (fields: Record<string, unknown>) => {
    try {
      checkStaticContent(fields, blocking);
      return null;
    } catch (error) {
      return (error as DomainError).fields;
    }
  };
  const blocked = DESTINATION_MESSAGES.blocked;
  it('refuses a link to the domain or a subdomain in any field, on that field', () => {
    expect(field({ url: 'https://www.PHISH.example/x' })).toEqual({ url: blocked });
    expect(field({ text: 'see https://pay.phish.example/now, thanks' })).toEqual({ text: blocked });
    expect(field({ firstName: 'Pat', url: 'phish.example/login' })).toEqual({ url: blocked });
    expect(field({ images: [{ link: 'http://phish.example' }] })).toEqual({ images: blocked });
  });
  it('lets other domains and text that only names the domain pass', () => {
    expect(field({ url: 'https://notphish.example/' })).toBeNull();
    expect(field({ text: 'we fight phish.example scams' })).toBeNull();
    expect(field({ ssid: 'phish.example', password: 'x' })).toBeNull();
    expect(field({ url: 'https://phish.example.org/' })).toBeNull();
  });
});
