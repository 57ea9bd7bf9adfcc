import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { until } from './until';

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope. */
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on loopback for int-specs (the `smtp-server` library): no TLS, no auth, every accepted message
 * kept raw and parsed. `refuse(true)` answers 451 to every message until `refuse(false)`.
 */
export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  private refusing = false;
  refused = 0;
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 5 * 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.refusing) {
            this.refused += 1;
            const error = new Error('Try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          simpleParser(raw)
            .then((parsed) => {
              this.mails.push({ to, raw, parsed });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    this.server.on('error', () => undefined);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  refuse(on: boolean): void {
    this.refusing = on;
  }

  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** Resolves with the mails to `address` once there are at least `count`; fails after `timeoutMs`. */
  async waitFor(address: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    return until(() => this.to(address).length >= count && this.to(address), `${count} mail(s) to ${address}`, timeoutMs).catch(() => {
      throw new Error(`Expected ${count} mail(s) to ${address}, got ${this.to(address).length}`);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
