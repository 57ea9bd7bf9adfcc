import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Handlebars from 'handlebars';
import type { WhiteLabelConfig } from '../tenants';
import { headerSafe } from './mail-headers';
import type { MailKind } from './mail-plans';

/** The templates folder: beside this file in the sources; the build (tsc) leaves .hbs files in src, so dist looks there. */
export const TEMPLATES_DIR = [join(__dirname, 'templates'), resolve(__dirname, '../../src/mail/templates')].find((dir) =>
  existsSync(join(dir, 'layout.hbs')),
)!;

export interface Brand {
  name: string;
  origin: string;
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string | null;
  /** False when the tenant asked to remove QR Code Sharks branding (removeQRCodeSharksBranding). */
  showSharksBranding: boolean;
}

export function brandOf(config: WhiteLabelConfig, origin: string): Brand {
  const colour = (value: string, fallback: string) => (/^#[0-9a-f]{3,8}$/i.test(value) ? value : fallback);
  let logoUrl: string | null = null;
  if (config.logoUrl) {
    try {
      const url = new URL(config.logoUrl, origin);
      if (url.protocol === 'https:' || url.protocol === 'http:') logoUrl = url.toString();
    } catch {
      logoUrl = null;
    }
  }
  return {
    name: config.name,
    origin,
    primaryColor: colour(config.primaryColor, '#3B82F6'),
    secondaryColor: colour(config.secondaryColor, '#1E40AF'),
    logoUrl,
    showSharksBranding: !config.removeQRCodeSharksBranding,
  };
}

export interface MailContent {
  subject: string;
  /** The context of both parts: `m` (one key, so the mailer's own {{key}} subject interpolation finds nothing of ours). */
  context: { m: Record<string, unknown> };
  text: string;
}

const textTemplates = new Map<string, HandlebarsTemplateDelegate>();
function textTemplate(kind: MailKind): HandlebarsTemplateDelegate {
  let template = textTemplates.get(kind);
  if (!template) {
    template = Handlebars.compile(readFileSync(join(TEMPLATES_DIR, `${kind}.text.hbs`), 'utf8'), { noEscape: true, strict: false });
    textTemplates.set(kind, template);
  }
  return template;
}

function money(amount: unknown, currency: unknown): string {
  const cents = typeof amount === 'number' ? amount : Number(amount);
  const code = typeof currency === 'string' && /^[a-z]{3}$/i.test(currency) ? currency.toUpperCase() : 'USD';
  return Number.isFinite(cents) ? new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(cents / 100) : '';
}

const day = (iso: unknown) => {
  const date = new Date(String(iso));
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
};

/** Subject, template context and text part of one mail. Person-given values stay data: HTML escapes them; headers get headerSafe. */
export function mailContent(kind: MailKind, brand: Brand, data: Record<string, unknown>, links: Record<string, string>): MailContent {
  const m: Record<string, unknown> = { ...data, brand, links };
  let subject: string;
  switch (kind) {
    case 'welcome':
      subject = `Welcome to ${brand.name}!`;
      break;
    case 'contact-support':
      subject = `[Contact: ${headerSafe(data.inquiryType, 20)}] ${headerSafe(data.subject, 150)}`;
      break;
    case 'contact-ack':
      subject = `We received your message: ${headerSafe(data.subject, 150)}`;
      break;
    case 'password-reset':
      subject = `Reset your ${brand.name} password`;
      break;
    case 'payment-receipt':
      // The confirmation email the payment success page announces ('… with your receipt is on its way').
      subject = `Payment confirmation and receipt: ${headerSafe(data.productName, 100)}`;
      m.amountText = money(data.amount, data.currency);
      m.paidAtText = day(data.paidAt);
      break;
    case 'payment-received': {
      m.amountText = money(data.amount, data.currency);
      const fee = Number(data.applicationFeeAmount) || 0;
      m.feeText = fee > 0 ? money(fee, data.currency) : '';
      m.shareText = money(Number(data.amount) - fee, data.currency);
      m.paidAtText = day(data.paidAt);
      subject = `You received a payment: ${String(m.amountText)} for ${headerSafe(data.productName, 100)}`;
      break;
    }
    case 'subscription-changed':
      subject = `Your ${brand.name} subscription is now ${headerSafe(data.subscriptionStatus, 30)}`;
      break;
    case 'trial-ending':
      subject = `Your ${brand.name} free trial ends tomorrow`;
      m.trialEndText = day(data.trialEndDate);
      break;
    case 'newsletter-confirm':
      subject = `Confirm your subscription to ${brand.name} Shark Tips`;
      break;
    case 'newsletter':
      // The admin's subject and text (issue 22): text stays text (escaped in HTML, one paragraph per blank-line block).
      subject = headerSafe(data.subject, 200);
      m.paragraphs = String(data.content ?? '')
        .split(/\r?\n\s*\r?\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean);
      break;
    case 'scan-report': {
      const total = Number(data.totalScans) || 0;
      subject = `Your ${brand.name} scans this week: ${total}`;
      m.timesWord = total === 1 ? 'time' : 'times';
      m.codes = (Array.isArray(data.codes) ? (data.codes as Record<string, unknown>[]) : []).map((code) => ({
        ...code,
        scansWord: Number(code.scans) === 1 ? 'scan' : 'scans',
      }));
      break;
    }
    case 'email-verification':
      subject = `Confirm your email address for ${brand.name}`;
      break;
    case 'sign-in-method-added':
      subject = `${data.method === 'Google' ? 'Google sign-in' : 'A password'} was added to your ${brand.name} account`;
      m.methodText = data.method === 'Google' ? 'Signing in with Google' : 'Signing in with a password';
      break;
    case 'password-removed':
      subject = `Google sign-in was linked to your ${brand.name} account and its password was removed`;
      break;
    case 'webhook-disabled':
      subject = `A webhook of your ${brand.name} account was disabled`;
      break;
    case 'pause-report': {
      const count = Number(data.pausedCount) || 0;
      subject = `You have ${count} paused QR code${count === 1 ? '' : 's'} at ${brand.name}`;
      m.pausedSentence =
        count === 1
          ? 'This dynamic QR code of yours is paused: people who scan it reach nothing until you resume it.'
          : 'These dynamic QR codes of yours are paused: people who scan them reach nothing until you resume them.';
      m.resumeText = count === 1 ? 'Resume your code' : 'Resume your codes';
      break;
    }
  }
  subject = headerSafe(subject, 250);
  m.subject = subject;
  const body = textTemplate(kind)({ m });
  const footer = brand.showSharksBranding
    ? `${brand.name} · ${brand.origin}\nPowered by QR Code Sharks`
    : `${brand.name} · ${brand.origin}`;
  return { subject, context: { m }, text: `${body.trim()}\n\n--\n${footer}\n` };
}
