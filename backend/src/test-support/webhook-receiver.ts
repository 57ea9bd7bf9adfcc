import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The answer's status this receiver gave. */
  answered: number;
  at: number;
}

/**
 * A webhook receiver on loopback for int-specs: records every POST, and answers 200 unless `answer` says otherwise
 * (a status, or 'hang' to never answer). Verifies signatures with the Standard Webhooks algorithm, written here from
 * the specification (not the product's code): base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed
 * with the base64-decoded secret after `whsec_`; the header holds space-separated `v1,<signature>` entries.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  answer: (delivery: Omit<ReceivedDelivery, 'answered' | 'at'>, seen: number) => number | 'hang' = () => 200;
  /** Each answer waits this long (a delivery in flight when a test kills the sender). */
  delayMs = 0;
  private server: Server | null = null;
  /** Requests so far per webhook-id (a map: a bench sends tens of thousands). */
  private readonly seenIds = new Map<string, number>();
  private url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const delivery = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        const id = String(req.headers['webhook-id']);
        const seen = this.seenIds.get(id) ?? 0;
        this.seenIds.set(id, seen + 1);
        const answer = this.answer(delivery, seen);
        this.received.push({ ...delivery, answered: answer === 'hang' ? 0 : answer, at: Date.now() });
        if (answer === 'hang') return;
        const respond = () => res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
        if (this.delayMs) setTimeout(respond, this.delayMs);
        else respond();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The deliveries a path received, as parsed bodies with their headers. */
  at(path: string): (ReceivedDelivery & { json: { type: string; timestamp: string; data: Record<string, unknown> } })[] {
    return this.received.filter((delivery) => delivery.path === path).map((delivery) => ({ ...delivery, json: JSON.parse(delivery.body) }));
  }
}

/** Standard Webhooks verification: true when one of the header's v1 signatures matches. */
export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  if (!id || !/^\d+$/.test(timestamp)) return false;
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'));
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .map((entry) => entry.split(','))
    .some(
      ([version, signature]) =>
        version === 'v1' &&
        signature !== undefined &&
        Buffer.from(signature).length === expected.length &&
        timingSafeEqual(Buffer.from(signature), expected),
    );
}
