import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FastPathRegistry } from '../common/fast-path';
import { ENV, Env } from '../config/env';
import {
  compileRouting,
  decideRoute,
  HOSTED_PAGE_CSP,
  renderHostedPage,
  verifyCodePassword,
  type CompiledRouting,
  type RouteAnswer,
} from '../codes';
import { DEFAULT_BRAND, TenantsService } from '../tenants';
import { readPasswordForm, UnlockLimiter, UNLOCK_WINDOW_SECONDS } from './code-unlock';
import {
  DISABLED_PAGE,
  INACTIVE_PAGE,
  NOT_ACTIVE_YET_PAGE,
  NOT_FOUND_PAGE,
  PASSWORD_BAD_REQUEST,
  PASSWORD_INCORRECT,
  PASSWORD_TOO_LARGE,
  PASSWORD_TOO_MANY,
  passwordPage,
  passwordPageCsp,
  PAUSED_PAGE,
  UNAVAILABLE_PAGE,
} from './scan-pages';
import { ScanCaps } from './scan-caps';
import { REDIRECT_PATHS } from './redirect.openapi';
import { destinationHost } from './destination-host';
import { isHumanScan, scanCountry } from './scan-enrich';
import { ScanRecorder } from './scan-recorder';
import { ScanTarget, ScanTargetCache } from './scan-target-cache';
import { URL_TYPES } from './scan.events';
import { uuidv7 } from './uuid-v7';
import { clientIp, trustFunction, trustsProxies, type TrustFunction } from '../common/client-ip';
import { truncateIp, visitorHash } from './visitor';

/** Random short codes are 8 characters, chosen back-halves (issue 33) 4 to 64. */
const SHORT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/** Every address a code's routing may send a scan to (issue 33): rules, split arms, the after-limit address. */
function routingDestinations(target: ScanTarget): string[] {
  const routing = target.routing;
  if (!routing) return [];
  return [
    ...(routing.rules ?? []).map((rule) => rule.destination),
    ...(routing.split ?? []).map((arm) => arm.destination),
    ...(routing.limits?.afterLimit ? [routing.limits.afterLimit] : []),
  ];
}

/** Only absolute http(s) URLs are ever redirected to. */
export function safeLocation(destination: string | null): string | null {
  if (!destination) return null;
  try {
    const url = new URL(destination.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const header = (value: string | string[] | undefined, max: number): string => {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return '';
  return text.length > max ? text.slice(0, max) : text;
};

/**
 * GET|HEAD /d/{shortCode}, answered on the node:http fast path (DESIGN.md section 6): resolve from the
 * in-process cache, record the scan (Redis stream, or the event store when Redis fails), then answer.
 * No user-agent parsing and no GeoIP here for a code without routing: the ingester does that. A code with routing is
 * decided in process (routed()), parsing or looking up only what its rules ask for.
 * A password-protected code answers GET|HEAD with its password page and records nothing; its form POSTs to the same
 * path, and only the right password records the scan and answers (issue 15).
 */
@Injectable()
export class RedirectHandler implements OnModuleInit {
  private readonly logger = new Logger('Redirect');
  private readonly locations = new WeakMap<ScanTarget, string | null>();
  /** A cached target's routing, compiled once (instants parsed, lists as sets); dropped with the target. */
  private readonly routings = new WeakMap<ScanTarget, CompiledRouting>();
  private readonly trust: TrustFunction;

  constructor(
    private readonly fastPaths: FastPathRegistry,
    private readonly cache: ScanTargetCache,
    private readonly recorder: ScanRecorder,
    private readonly tenants: TenantsService,
    private readonly unlocks: UnlockLimiter,
    private readonly caps: ScanCaps,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.trust = trustFunction(env.TRUST_PROXY);
  }

  onModuleInit(): void {
    this.fastPaths.register('/d/', this.handle, REDIRECT_PATHS);
  }

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return this.notAllowed(req, res);
      const url = req.url as string;
      const query = url.indexOf('?');
      let code = query < 0 ? url.slice(3) : url.slice(3, query);
      if (code.endsWith('/')) code = code.slice(0, -1);
      if (!SHORT_CODE.test(code)) return this.page(res, 404, NOT_FOUND_PAGE);
      const cached = this.cache.peek(code, Date.now());
      if (cached !== undefined) return this.scoped(req, res, cached);
      this.cache.load(code).then(
        (target) => this.scoped(req, res, target),
        (error: Error) => {
          this.logger.error({ msg: 'scan target lookup failed', error: error.message });
          this.page(res, 503, UNAVAILABLE_PAGE);
        },
      );
    } catch (error) {
      this.fail(res, error as Error);
    }
  };

  /**
   * A code answers only on its tenant's hosts (issue 19): the Host's tenant (custom domain, subdomain; anything else is
   * the default brand's) must be the code's (TenantsService.codeTenant). Elsewhere it is unknown: the 404 page. Both
   * lookups are in-process caches, answered synchronously on the hot path; a miss waits for one query.
   */
  private scoped(req: IncomingMessage, res: ServerResponse, target: ScanTarget | null): void {
    if (!target) return this.answer(req, res, null);
    const hostTenant = this.tenants.hostTenant(req.headers.host);
    const codeTenant = this.tenants.codeTenant(target.clientId);
    if (typeof hostTenant === 'number' && typeof codeTenant === 'number')
      return this.answer(req, res, hostTenant === codeTenant ? target : null);
    Promise.all([hostTenant, codeTenant]).then(
      ([host, owner]) => this.answer(req, res, host === owner ? target : null),
      (error: Error) => {
        this.logger.error({ msg: 'tenant lookup failed', error: error.message });
        req.resume();
        this.page(res, 503, UNAVAILABLE_PAGE);
      },
    );
  }

  private answer(req: IncomingMessage, res: ServerResponse, target: ScanTarget | null): void {
    if (req.method === 'POST' && !target?.passwordHash) req.resume(); // only a password form is ever read
    if (!target || target.isDeleted) return this.page(res, 404, NOT_FOUND_PAGE);
    if (target.isDisabled) return this.page(res, 410, DISABLED_PAGE);
    if (target.isPaused) return this.page(res, 200, PAUSED_PAGE);
    let location = this.locations.get(target);
    if (location === undefined) {
      location = safeLocation(target.destination);
      this.locations.set(target, location);
    }
    // A URL code without a usable destination has nowhere to go; other types show their hosted page.
    if (!location && URL_TYPES.includes(target.qrType)) return this.page(res, 404, NOT_FOUND_PAGE);
    if (target.passwordHash) {
      if (req.method !== 'POST') return this.passwordPage(res, 200, target, location, null);
      return this.unlock(req, res, target, location);
    }
    if (req.method === 'POST') return this.notAllowed(req, res);
    this.arrive(req, res, target, location);
  }

  /**
   * The password form of a protected code: bounded body, a rate limit per code and client IP, argon2 verification on
   * the thread pool; the right password records the scan once and answers what an open code would.
   */
  private unlock(req: IncomingMessage, res: ServerResponse, target: ScanTarget, location: string | null): void {
    const hash = target.passwordHash as string;
    const ip = clientIp(req, this.trust);
    readPasswordForm(req)
      .then(async (form) => {
        if ('status' in form) {
          const message = form.status === 413 ? PASSWORD_TOO_LARGE : PASSWORD_BAD_REQUEST;
          return this.passwordPage(res, form.status, target, location, message, form.status === 413);
        }
        if (await this.unlocks.exceeded(target.qrId, ip)) {
          res.setHeader('Retry-After', String(UNLOCK_WINDOW_SECONDS));
          return this.passwordPage(res, 429, target, location, PASSWORD_TOO_MANY);
        }
        if (!(await verifyCodePassword(hash, form.password))) return this.passwordPage(res, 401, target, location, PASSWORD_INCORRECT);
        await this.unlocks.reset(target.qrId, ip);
        this.arrive(req, res, target, location);
      })
      .catch((error: Error) => this.fail(res, error));
  }

  /** Records the scan, then redirects (or serves the hosted page). A code with routing decides where first. */
  private arrive(req: IncomingMessage, res: ServerResponse, target: ScanTarget, location: string | null): void {
    if (target.routing) return this.routed(req, res, target);
    this.record(req, target, this.facts(req)).then(
      () => {
        if (location) {
          res.writeHead(302, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
          res.end();
        } else this.hosted(req, res, target);
      },
      (error: Error) => this.fail(res, error),
    );
  }

  /**
   * Issue 33: the code's routing decides where this scan goes (codes' decideRoute, the function simulate runs), from
   * the cached target and the request alone; only a code with a cap asks Redis for its count of human scans, once.
   * The scan is recorded with what answered; outside validity or past the cap it goes to `afterLimit`, else to the
   * inactive page (410, or 404 before `validFrom`), never to the destination.
   */
  private routed(req: IncomingMessage, res: ServerResponse, target: ScanTarget): void {
    let routing = this.routings.get(target);
    if (!routing) {
      routing = compileRouting(target.qrId, target.routing ?? {});
      this.routings.set(target, routing);
    }
    const facts = this.facts(req);
    const request = {
      userAgent: facts.ua,
      acceptLanguage: header(req.headers['accept-language'], 256),
      country: () => scanCountry(facts.countryHeader, facts.truncatedIp),
      visitor: facts.visitor,
    };
    const compiled = routing;
    const valid = facts.now >= compiled.validFrom && facts.now < compiled.validUntil;
    const counted =
      compiled.maxScans !== null && valid ? this.caps.before(target.qrId, isHumanScan(facts.ua, facts.head)) : Promise.resolve(0);
    counted
      .then((before) => {
        const answer = decideRoute(compiled, target.destination, request, facts.now, before);
        return this.record(req, target, facts, answer.matched).then(() => this.routedAnswer(req, res, target, answer));
      })
      .catch((error: Error) => this.fail(res, error));
  }

  private routedAnswer(req: IncomingMessage, res: ServerResponse, target: ScanTarget, answer: RouteAnswer): void {
    const location = safeLocation(answer.destination);
    // A rule, arm or afterLimit on a domain staff blocked after the routing was saved: disabled, as a blocked destination.
    if (location && target.blockedHosts.length && target.blockedHosts.includes(destinationHost(location) ?? ''))
      return this.page(res, 410, DISABLED_PAGE);
    if (location) {
      res.writeHead(302, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
      res.end();
      return;
    }
    if (answer.matched === 'not yet valid') return this.page(res, 404, NOT_ACTIVE_YET_PAGE);
    if (answer.matched === 'expired' || answer.matched === 'limit') return this.page(res, 410, INACTIVE_PAGE);
    // The code's own answer without a destination: its hosted page (a URL code always has a destination).
    if (URL_TYPES.includes(target.qrType)) return this.page(res, 404, NOT_FOUND_PAGE);
    this.hosted(req, res, target);
  }

  /** The request's facts a scan records (and routing reads): read once per scan. */
  private facts(req: IncomingMessage) {
    const now = Date.now();
    const ua = header(req.headers['user-agent'], 512);
    const ip = clientIp(req, this.trust);
    return {
      now,
      ua,
      ip,
      truncatedIp: truncateIp(ip),
      visitor: visitorHash(this.env.VISITOR_HASH_SALT, ip, ua, now),
      head: req.method === 'HEAD',
      countryHeader: trustsProxies(this.env.TRUST_PROXY) && this.env.COUNTRY_HEADER ? header(req.headers[this.env.COUNTRY_HEADER], 8) : '',
    };
  }

  private record(req: IncomingMessage, target: ScanTarget, facts: ReturnType<RedirectHandler['facts']>, route?: string) {
    const headers = req.headers;
    return this.recorder.record({
      id: uuidv7(facts.now),
      qrId: target.qrId,
      tenantId: target.clientId,
      shortCode: target.shortCode,
      at: facts.now,
      visitor: facts.visitor,
      ua: facts.ua,
      referrer: header(headers.referer, 500),
      language: header(headers['accept-language'], 64),
      ip: facts.truncatedIp,
      countryHeader: facts.countryHeader,
      head: facts.head,
      ...(route ? { route } : {}),
    });
  }

  /** A non-URL dynamic code's page (contact card, PDF, event, ...), branded with its tenant's name. */
  private hosted(req: IncomingMessage, res: ServerResponse, target: ScanTarget): void {
    const publicOrigin = new URL(this.env.PUBLIC_ORIGIN);
    const host = req.headers.host && /^[a-z0-9.-]+(:\d+)?$/i.test(req.headers.host) ? req.headers.host : publicOrigin.host;
    this.tenants
      .config(target.clientId)
      .catch(() => ({ name: DEFAULT_BRAND }))
      .then(({ name }) => {
        const html = renderHostedPage({
          qrType: target.qrType,
          fields: target.fields,
          origin: `${publicOrigin.protocol}//${host}`,
          tenantName: name,
        });
        res.setHeader('Content-Security-Policy', HOSTED_PAGE_CSP);
        this.page(res, 200, html);
      })
      .catch((error: Error) => this.fail(res, error));
  }

  private passwordPage(
    res: ServerResponse,
    status: number,
    target: ScanTarget,
    location: string | null,
    message: string | null,
    close = false,
  ): void {
    const origins: string[] = [];
    for (const address of [location, ...routingDestinations(target)]) {
      const safe = safeLocation(address);
      if (safe) origins.push(new URL(safe).origin);
    }
    res.setHeader('Content-Security-Policy', passwordPageCsp(origins));
    res.setHeader('Referrer-Policy', 'no-referrer');
    // An oversized body is not read: the connection closes after the answer instead of waiting for the rest.
    if (close) res.setHeader('Connection', 'close');
    this.page(res, status, passwordPage(target.shortCode, message));
  }

  private notAllowed(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': '0' });
    res.end();
  }

  private page(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, { ...PAGE_HEADERS, 'Content-Length': String(Buffer.byteLength(html)) });
    res.end(html);
  }

  private fail(res: ServerResponse, error: Error): void {
    this.logger.error({ msg: 'redirect failed', error: error.message });
    if (!res.headersSent) this.page(res, 503, UNAVAILABLE_PAGE);
    else res.end();
  }
}
