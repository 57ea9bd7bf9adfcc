import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { ENV, Env } from '../config/env';

/** A recipient as nodemailer encodes it (the name RFC 2047-encoded when needed, never pasted into a header). */
export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  key: string;
  kind: string;
  to: MailAddress;
  replyTo?: MailAddress;
  subject: string;
  /** The HTML template (`templates/{template}.hbs`) and its context; the text part comes rendered. */
  template: string;
  context: Record<string, unknown>;
  text: string;
  messageId: string;
  attempt: number;
  /** Further headers (already safe: built by us, e.g. List-Unsubscribe of newsletters). */
  headers?: Record<string, string>;
}

/**
 * nodemailer options: SMTP from SMTP_URL with bounded timeouts, pooled (one connection per mail job at once, reused for
 * up to 100 mails: no TCP and EHLO round trips per mail), else a stream transport whose output we write as .eml.
 */
export function transportOptions(env: Pick<Env, 'SMTP_URL' | 'MAIL_CONCURRENCY'>) {
  if (!env.SMTP_URL) return { streamTransport: true, buffer: true, newline: 'unix' as const };
  return {
    url: env.SMTP_URL,
    pool: true,
    maxConnections: env.MAIL_CONCURRENCY,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/**
 * Sends one mail through @nestjs-modules/mailer. With SMTP_URL it goes to that server (accepted = the server's 250);
 * without, the embedded default writes it to MAIL_OUTBOX_DIR as an .eml file (accepted = the file is in place: written
 * to a temporary name, then renamed, so a reader never sees half a mail).
 */
@Injectable()
export class MailTransport implements OnApplicationBootstrap {
  private readonly logger = new Logger('Mail');
  readonly outbox: string | null;

  constructor(
    private readonly mailer: MailerService,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.outbox = env.SMTP_URL ? null : resolve(env.MAIL_OUTBOX_DIR);
  }

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api') return;
    if (this.outbox) this.logger.log(`No SMTP_URL: mails are written as .eml files to ${this.outbox}`);
    else this.logger.log(`Mails go to the SMTP server ${redact(this.env.SMTP_URL!)}`);
  }

  /** Resolves once the mail is accepted; the file written, with the outbox. */
  async send(mail: OutgoingMail): Promise<{ file: string | null }> {
    const info = (await this.mailer.sendMail({
      from: this.env.MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      template: mail.template,
      context: mail.context,
      text: mail.text,
      messageId: mail.messageId,
      headers: { ...mail.headers, 'X-Mail-Attempt': String(mail.attempt) },
    })) as { message?: Buffer };
    if (!this.outbox) return { file: null };
    if (!info.message) throw new Error('The outbox transport returned no message');
    await mkdir(this.outbox, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${mail.kind}-${createHash('sha256').update(mail.key).digest('hex').slice(0, 12)}`;
    const file = join(this.outbox, `${name}.eml`);
    await writeFile(`${file}.tmp`, info.message);
    await rename(`${file}.tmp`, file);
    this.logger.debug(`Mail ${mail.kind} written to ${file}`);
    return { file };
  }
}

/** The SMTP URL without its password, for the log. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'smtp://…';
  }
}
