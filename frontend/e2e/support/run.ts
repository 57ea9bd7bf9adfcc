// What the e2e project's globalSetup hands to every test file: the one stack of the run and the one
// stored signed-in state, through environment variables (Jest starts its workers after globalSetup,
// so they inherit them; a file run in band shares the process).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'playwright-core';
import { startStack, type Stack } from './stack';

export const RUN_URL = 'E2E_RUN_URL';
export const RUN_STORAGE_STATE = 'E2E_RUN_STORAGE_STATE';
export const RUN_USER_EMAIL = 'E2E_RUN_USER_EMAIL';
export const RUN_OUTBOX = 'E2E_RUN_OUTBOX';
export const RUN_DATABASE_URL = 'E2E_RUN_DATABASE_URL';

export const uniqueEmail = (prefix = 'shark') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through Jest's e2e project (its globalSetup sets it).`);
  return value;
}

/** The app every test file of this run talks to. */
export const runBaseUrl = (): string => required(RUN_URL);

/** The signed-in user every journey that needs one starts as: Playwright storageState (the session cookie). */
export const storedUser = () => ({ storageState: required(RUN_STORAGE_STATE), email: required(RUN_USER_EMAIL) });

/** The run's own database (the backend's DATABASE_URL): for tests that set a scene with events (support/events.ts). */
export function runDatabaseUrl(): string {
  const value = process.env[RUN_DATABASE_URL];
  if (!value)
    throw new Error(
      `${RUN_DATABASE_URL} is not set: the stack's database is known only to a stack this run started (or set E2E_DATABASE_URL).`,
    );
  return value;
}

export interface Run {
  stop(): Promise<void>;
}

// globalSetup and globalTeardown run in Jest's main process: the run is kept on globalThis between them.
const RUN_KEY = Symbol.for('qrsharks.e2e.run');
const holder = globalThis as unknown as Record<symbol, Run | undefined>;
export const holdRun = (run: Run) => {
  holder[RUN_KEY] = run;
};
export function releaseRun(): Run | undefined {
  const run = holder[RUN_KEY];
  holder[RUN_KEY] = undefined;
  return run;
}

/**
 * One stack for the run (or E2E_BASE_URL, an app already running), and one user signed up through the
 * real POST /api/register whose session cookie is saved as Playwright storageState.
 */
export async function startRun(): Promise<Run> {
  const external = process.env.E2E_BASE_URL;
  const stack: Stack = external
    ? {
        baseUrl: external.replace(/\/+$/, ''),
        outbox: process.env.E2E_OUTBOX ?? null,
        databaseUrl: process.env.E2E_DATABASE_URL ?? null,
        stop: async () => undefined,
      }
    : await startStack();
  const dir = await mkdtemp(path.join(tmpdir(), 'qrs-e2e-'));
  const stop = async () => {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const email = uniqueEmail('stored');
    const api = await request.newContext({ baseURL: stack.baseUrl });
    try {
      const response = await api.post('/api/register', { data: { email, password: 'stored-password-1' } });
      if (!response.ok()) throw new Error(`Signing up the stored user failed: ${response.status()} ${await response.text()}`);
      const file = path.join(dir, 'signed-in.json');
      const state = await api.storageState({ path: file });
      if (state.cookies.length === 0) throw new Error('Signing up the stored user set no session cookie.');
      Object.assign(process.env, { [RUN_URL]: stack.baseUrl, [RUN_STORAGE_STATE]: file, [RUN_USER_EMAIL]: email });
      if (stack.outbox) process.env[RUN_OUTBOX] = stack.outbox;
      if (stack.databaseUrl) process.env[RUN_DATABASE_URL] = stack.databaseUrl;
    } finally {
      await api.dispose();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
