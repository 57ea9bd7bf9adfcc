import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { TestClient } from './http';

/** oauth2-mock-server in a child process (it is ESM-only), standing in for Google on loopback. */
export class FakeGoogle {
  readonly authorizeQueries: Record<string, string>[] = [];
  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly url: string,
  ) {}

  static start(): Promise<FakeGoogle> {
    const child = spawn(process.execPath, [join(__dirname, '..', 'accounts', 'google', 'fake-google.mjs')], { stdio: 'pipe' });
    return new Promise((resolve, reject) => {
      let fake: FakeGoogle | null = null;
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        for (let newline = output.indexOf('\n'); newline >= 0; newline = output.indexOf('\n')) {
          const line = output.slice(0, newline);
          output = output.slice(newline + 1);
          if (line.startsWith('READY ')) resolve((fake = new FakeGoogle(child, line.slice(6).trim())));
          else if (line.startsWith('AUTHORIZE ')) fake?.authorizeQueries.push(JSON.parse(line.slice(10)));
        }
      });
      child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      child.once('exit', (code) => reject(new Error(`fake Google exited with ${code}`)));
    });
  }

  /** The product's Google settings pointed at this double. */
  get settings(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_AUTH_URL: `${this.url}/authorize`,
      GOOGLE_TOKEN_URL: `${this.url}/token`,
      GOOGLE_PROFILE_URL: `${this.url}/userinfo`,
    };
  }

  /** Claims of the next /userinfo answer. */
  nextUser(claims: Record<string, unknown>) {
    this.child.stdin.write(`${JSON.stringify(claims)}\n`);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin.end();
    });
  }
}

/** The browser's part: /auth/google -> Google's /authorize (auto-approves) -> our callback. Tests only (jest's expect). */
export async function roundTrip(client: TestClient) {
  const start = await client.get('/auth/google');
  expect(start.status).toBe(302);
  const authorize = new URL(String(start.headers.location));
  const atGoogle = await new TestClient(authorize.origin).get(authorize.pathname + authorize.search);
  expect(atGoogle.status).toBe(302);
  const callback = new URL(String(atGoogle.headers.location));
  const done = await client.get(callback.pathname + callback.search);
  return { start, authorize, callback, done };
}
