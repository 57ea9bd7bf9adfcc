import { isIP } from 'node:net';
import { isLocalOrPrivateHost } from '../codes';
import { DomainError } from '../common/domain-error';

export const WEBHOOK_URL_MESSAGES = {
  invalid: 'Please enter a valid URL',
  https: 'Webhook URLs must use https',
  protocol: 'Webhook URLs must start with https:// (or http:// outside production)',
  credentials: 'Webhook URLs cannot contain a user name or password',
  private: 'Webhook URLs cannot point to local or private network addresses',
  length: 'Webhook URLs can be at most 2048 characters',
} as const;

export interface WebhookUrlPolicy {
  /** NODE_ENV=production: https only. */
  httpsOnly: boolean;
  /** ALLOW_PRIVATE_DESTINATIONS: intranet installations may deliver to loopback and private addresses. */
  allowPrivate: boolean;
}

/**
 * A webhook endpoint (issue 34), held to the destination policy of dynamic codes: an absolute http(s) URL (https in
 * production), no credentials, no local or private address literal or local name unless allowed. The names are
 * resolved and judged again at each delivery (webhook-http.ts), against DNS rebinding. Returns `URL.href`.
 */
export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): string {
  const value = raw.trim();
  if (!URL.canParse(value)) throw DomainError.invalid(WEBHOOK_URL_MESSAGES.invalid, 'url');
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw DomainError.invalid(WEBHOOK_URL_MESSAGES.protocol, 'url');
  if (policy.httpsOnly && url.protocol !== 'https:') throw DomainError.invalid(WEBHOOK_URL_MESSAGES.https, 'url');
  if (!url.hostname) throw DomainError.invalid(WEBHOOK_URL_MESSAGES.invalid, 'url');
  if (url.username || url.password) throw DomainError.invalid(WEBHOOK_URL_MESSAGES.credentials, 'url');
  if (!policy.allowPrivate && isLocalOrPrivateHost(url.hostname)) throw DomainError.invalid(WEBHOOK_URL_MESSAGES.private, 'url');
  if (url.href.length > 2048) throw DomainError.invalid(WEBHOOK_URL_MESSAGES.length, 'url');
  return url.href;
}

/** The host to resolve at delivery time, or null for an address literal (judged as it is). */
export function hostToResolve(href: string): string | null {
  const host = new URL(href).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? null : host;
}
