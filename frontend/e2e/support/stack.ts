import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
// The tests' double of the few Stripe endpoints used (backend/src/test-support): Stripe cannot be reached from here.
import { startStripeDouble } from '../../../backend/src/test-support/stripe-double';
import { until } from './until';

/** The local PostgreSQL the tests use (trust auth). Never a remote one. */
const ADMIN_URL = process.env.E2E_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const BACKEND_MAIN = path.join(REPO_ROOT, 'backend', 'dist', 'main.js');
const FRONTEND_DIST = path.join(REPO_ROOT, 'frontend', 'dist');
const START_TIMEOUT_MS = 60_000;

/** Signs up (or in) as an admin on every stack (ADMIN_EMAILS): the staff console's browser tests act as it. */
export const STAFF_ADMIN_EMAIL = 'staff-admin@e2e.example';

export interface Stack {
  baseUrl: string;
  /** MAIL_OUTBOX_DIR of the stack's backend (no SMTP_URL: every mail is an .eml file there); null for E2E_BASE_URL. */
  outbox: string | null;
  /** DATABASE_URL of the stack's backend (its own database): tests set a scene with events through the backend's
   * event store (support/events.ts). E2E_DATABASE_URL for E2E_BASE_URL, else null. */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host))
    throw new Error(`Refusing to run browser tests against non-local database host ${host}`);
}

async function admin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  // Every pg connection gets an 'error' listener: one the server ends between queries would otherwise end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const healthy = async () => {
    if (child.exitCode !== null) throw new Error(`The backend exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    return fetch(`${baseUrl}/api/health`)
      .then((response) => response.status === 200)
      .catch(() => false); // not listening yet
  };
  await until(healthy, 'a healthy backend', START_TIMEOUT_MS, 250).catch((error: Error) => {
    if (!error.message.startsWith('Timed out')) throw error;
    throw new Error(`The backend did not answer GET /api/health with 200 within ${START_TIMEOUT_MS} ms:\n${output()}`);
  });
}

/**
 * A fresh database and the BUILT backend serving the BUILT frontend, on a free port.
 * Build first: `npm run build -w packages/qr-core && npm run build -w frontend && npm run build -w backend`.
 */
export async function startStack(): Promise<Stack> {
  assertLocal(ADMIN_URL);
  if (!existsSync(BACKEND_MAIN)) throw new Error(`${BACKEND_MAIN} is missing: run "npm run build -w backend" first.`);
  if (!existsSync(path.join(FRONTEND_DIST, 'index.html')))
    throw new Error(`${FRONTEND_DIST} is missing: run "npm run build -w frontend" first.`);

  const name = `qrs_e2e_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;

  const dropDatabase = () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);

  const port = await freePort();
  const outbox = path.join(tmpdir(), 'qrs-e2e-outbox', name);
  const baseUrl = `http://127.0.0.1:${port}`;
  // Payments configured against the double; owners' Connect accounts can take charges once made (payment*.e2e.ts).
  const stripe = await startStripeDouble({ accountsStartEnabled: true });
  let log = '';
  const child = spawn(process.execPath, [BACKEND_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL,
      NODE_ENV: 'test',
      FRONTEND_DIST,
      PUBLIC_ORIGIN: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ...stripe.env,
      STRIPE_PRICING_TABLE_ID: 'prctbl_test_double',
      ADMIN_EMAILS: STAFF_ADMIN_EMAIL,
      MAIL_OUTBOX_DIR: outbox,
      SMTP_URL: '',
      // Scans sent through a (pretend) proxy on loopback may say their country (analytics browser tests, issue 17);
      // requests without the header are unaffected.
      TRUST_PROXY: '127.0.0.1',
      COUNTRY_HEADER: 'cf-ipcountry',
      // Webhooks to the tests' loopback receiver (developers-webhooks.e2e.ts), given up on after 3 quick tries.
      ALLOW_PRIVATE_DESTINATIONS: 'true',
      WEBHOOK_ATTEMPTS: '3',
      WEBHOOK_BACKOFF_MS: '200',
      WEBHOOK_TIMEOUT_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (process.env.E2E_DEBUG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const kill = async () => {
    await stripe.close();
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await kill();
    await dropDatabase();
    throw error;
  }

  return {
    baseUrl,
    outbox,
    databaseUrl: databaseUrl.toString(),
    async stop() {
      await kill();
      await dropDatabase();
      await rm(outbox, { recursive: true, force: true });
    },
  };
}
