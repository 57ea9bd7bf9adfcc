import { createSocket, type RemoteInfo } from 'node:dgram';
import { isIP } from 'node:net';

/** What the server knows of a name: its A and AAAA records, or 'silent' (it never answers: a look-up that times out). */
export type DnsRecords = { A?: string[]; AAAA?: string[] } | 'silent';

export interface TestDnsServer {
  /** `127.0.0.1:{port}`, for DESTINATION_DNS_SERVERS (a dns.Resolver's setServers). */
  address: string;
  /** The names asked about, lower-case, in order (A and AAAA each). */
  queries: string[];
  close(): Promise<void>;
}

const A = 1;
const AAAA = 28;
const NXDOMAIN = 3;

/**
 * A real DNS server (UDP on 127.0.0.1, a random port) for the names a test gives it: tests resolve names like
 * `localtest.me` without the internet. It answers A and AAAA questions from `records` (names lower-case, no final
 * dot), NXDOMAIN for names it does not know, and no answer at all for 'silent' names.
 */
export async function startDnsServer(records: Record<string, DnsRecords>): Promise<TestDnsServer> {
  const socket = createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    const question = readQuestion(message);
    if (!question) return;
    queries.push(question.name);
    const known = records[question.name];
    if (known === 'silent') return;
    const values = !known ? [] : question.type === A ? (known.A ?? []) : question.type === AAAA ? (known.AAAA ?? []) : [];
    socket.send(answer(message, question, values, known ? 0 : NXDOMAIN), from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

interface Question {
  name: string;
  type: number;
  /** Where the question (name, type, class) ends in the message. */
  end: number;
}

function readQuestion(message: Buffer): Question | null {
  if (message.length < 12 || message.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < message.length && message[at] !== 0) {
    const length = message[at];
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > message.length) return null;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(at + 1), end: at + 5 };
}

/** The response: the query's id and question, recursion available, one record per address (TTL 60). */
function answer(query: Buffer, question: Question, values: string[], rcode: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values.length, 6);
  const records = values.map((value) => {
    const data = question.type === A ? Buffer.from(value.split('.').map(Number)) : ipv6(value);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(question.type, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...records]);
}

function ipv6(address: string): Buffer {
  if (isIP(address) !== 6 || address.includes('.')) throw new Error(`Give AAAA records in hex groups: ${address}`);
  const [head, tail] = address.includes('::') ? address.split('::') : [address, ''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), 2 * i));
  return bytes;
}
