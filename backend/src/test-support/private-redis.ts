import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { letTimePass, until } from './until';

/**
 * A redis-server of a test's (or bench's) own, never the shared 6379, which the caller may freeze (SIGSTOP),
 * stop and start again. With `appendOnly` (the default) a restart keeps what Redis acknowledged.
 */
export class PrivateRedis {
  process: ChildProcess | null = null;
  readonly port: number;
  private readonly appendOnly: boolean;
  private readonly dir = mkdtempSync(join(tmpdir(), 'qrs-redis-'));
  constructor({ port = 6390 + Math.floor(Math.random() * 2000), appendOnly = true }: { port?: number; appendOnly?: boolean } = {}) {
    this.port = port;
    this.appendOnly = appendOnly;
  }
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    // AOF so a SHUTDOWN/restart keeps what Redis acknowledged, as a production Redis would.
    const aof = this.appendOnly ? ['--appendonly', 'yes', '--appendfsync', 'everysec'] : ['--appendonly', 'no'];
    this.process = spawn('redis-server', ['--port', String(this.port), '--save', '', ...aof, '--dir', this.dir], { stdio: 'ignore' });
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    const child = this.process;
    const answers = async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`redis-server on ${this.port} did not start: it exited (${child.exitCode ?? child.signalCode})`);
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return true;
      } catch {
        return false;
      }
    };
    await until(answers, `redis-server on ${this.port} to start`, 30_000);
  }
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGCONT'); // a frozen server cannot shut down
    child.kill('SIGTERM'); // SIGTERM = SHUTDOWN: the AOF is flushed
    await exited;
  }
  freeze(ms: number): Promise<void> {
    this.process?.kill('SIGSTOP');
    return letTimePass(ms, 'the freeze lasts ms').then(() => void this.process?.kill('SIGCONT'));
  }
  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
