import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postMultipart } from './codes/codes.test-kit';
import { EnvError, parseEnv } from './config/env';
import { ComposeService, readCompose, readDockerfile, requiredVariables } from './test-support/compose';
import { TestClient } from './test-support/http';
import { freePort, PrivatePostgres } from './test-support/private-postgres';
import { PrivateRedis } from './test-support/private-redis';
import { TestSmtpServer } from './test-support/smtp-server';
import { until } from './test-support/until';
import { signUp } from './test-support/users';

/**
 * docker-compose.yml, the production-like stack, as a newcomer's `docker compose up` would run it but without a Docker
 * engine: each service of our image gets the image's ENV (docker/Dockerfile) plus the compose file's interpolated
 * environment, with every compose host (postgres, redis, mailcatcher, eventstoredb) replaced by this test's own, volumes
 * by a temporary folder and the published port by a free one. Each environment goes through the product's own settings
 * parser, then the API and the worker run as two processes of the built backend with their compose commands: a code
 * created through the API must be projected by the worker (the API role runs no projection).
 *
 * EventStoreDB cannot run here: with EVENTSTORE_URL set the stack uses that server as the compose file says, without it
 * the PostgreSQL store (said in the output).
 */
const ROOT = join(__dirname, '../..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');

/** Compose variables: a test value for every one the file requires (secrets); the others keep the file's defaults. */
const variables = Object.fromEntries(
  requiredVariables(readFileSync(COMPOSE_FILE, 'utf8')).map((name) => [name, randomBytes(24).toString('hex')]),
);
const services = readCompose(COMPOSE_FILE, variables);
const image = readDockerfile(join(ROOT, 'docker/Dockerfile'));
/** The services that run our image (`build:` or its tag): the product's roles. */
const productServices = services.filter((service) => service.build !== undefined || service.image === 'qrsharks:local');
const serviceNames = new Set(services.map((service) => service.name));

interface StandIns {
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  dataDir: string;
  port: number;
}

/** The environment a service's container would have, with the stack's hosts, volumes and ports replaced by the test's. */
function environmentOf(service: ComposeService, standIns: StandIns | null): Record<string, string> {
  const env: Record<string, string> = { ...image.env, ...service.environment };
  if (!standIns) return env;
  for (const [key, value] of Object.entries(env)) {
    const host = /^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?([^:/?#]+)/i.exec(value)?.[1];
    if (host && serviceNames.has(host)) {
      if (host === 'postgres') env[key] = standIns.databaseUrl;
      else if (host === 'redis') env[key] = standIns.redisUrl;
      else if (host === 'mailcatcher') env[key] = standIns.smtpUrl;
      else if (host === 'eventstoredb') {
        if (process.env.EVENTSTORE_URL) env[key] = process.env.EVENTSTORE_URL;
        else delete env[key];
      } else throw new Error(`${service.name}: ${key} names the compose service "${host}", which this check has no stand-in for`);
    }
    const volume = Object.keys(service.volumes).find((target) => value === target || value.startsWith(`${target}/`));
    if (volume) env[key] = join(standIns.dataDir, value);
    else if (value.startsWith(`${image.workdir}/`)) env[key] = join(ROOT, value.slice(image.workdir.length + 1));
  }
  if (!env.EVENTSTORE_URL && env.EVENT_STORE === 'esdb') env.EVENT_STORE = 'postgres';
  if (env.PORT) env.PORT = String(standIns.port);
  return env;
}

interface Running {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the service's command (compose's, else the image's CMD) from the repository root, which is the image's WORKDIR. */
function run(service: ComposeService, env: Record<string, string>): Running {
  const [program, ...args] = service.command ?? image.cmd;
  if (program !== 'node') throw new Error(`${service.name}: only node commands can run without Docker, not ${program}`);
  if (!existsSync(join(ROOT, args[0]))) throw new Error(`${args[0]} is missing: build first (npm run build -w backend)`);
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name: service.name, child, output: () => output, exited };
}

describe('docker-compose.yml: the production-like stack', () => {
  it('runs the API and the worker from our image, as separate services', () => {
    expect(productServices.map((service) => service.name).sort()).toEqual(['api', 'worker']);
  });

  it.each(productServices.map((service) => [service.name, service] as const))(
    "the %s service's environment passes the product's settings parser",
    (_name, service) => {
      const parse = () => parseEnv(environmentOf(service, null));
      const error = (() => {
        try {
          parse();
          return null;
        } catch (failure) {
          return failure as Error;
        }
      })();
      expect(error === null ? null : `${error instanceof EnvError ? '' : 'unexpected '}${error.message}`).toBeNull();
      expect(parse()).toMatchObject({ NODE_ENV: 'production', ROLE: service.name });
    },
  );

  describe('booted as two processes', () => {
    let pg: PrivatePostgres;
    let redis: PrivateRedis;
    let smtp: TestSmtpServer;
    let dataDir: string;
    const running: Running[] = [];

    beforeAll(async () => {
      // As the compose file's own PostgreSQL server: an empty database of a server of its own (two processes with full
      // pools need some 50 connections, more than a shared test server can spare), migrated by the processes themselves.
      pg = new PrivatePostgres();
      await pg.start();
      // As the compose file's Redis: append-only.
      redis = new PrivateRedis({ appendOnly: true });
      await redis.start();
      smtp = new TestSmtpServer();
      await smtp.start();
      dataDir = mkdtempSync(join(tmpdir(), 'qrs-compose-'));
    });

    afterAll(async () => {
      // The processes end before their database and Redis go away.
      await Promise.all(
        running.map(async ({ child, exited }) => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        }),
      );
      await redis?.destroy();
      await smtp?.close();
      await pg?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('the API and the worker start with those settings; a code created through the API is projected by the worker', async () => {
      const standIns = {
        databaseUrl: pg.url,
        redisUrl: redis.url,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        dataDir,
        port: await freePort(),
      };
      const environments = new Map(productServices.map((service) => [service.name, environmentOf(service, standIns)]));
      console.log(
        process.env.EVENTSTORE_URL
          ? `compose stack on EventStoreDB at ${process.env.EVENTSTORE_URL}`
          : 'compose stack on the PostgreSQL event store: EVENTSTORE_URL is not set, so no EventStoreDB server is used',
      );
      for (const service of productServices) running.push(run(service, environments.get(service.name)!));
      const api = running.find((process) => process.name === 'api')!;
      const apiUrl = `http://127.0.0.1:${environments.get('api')!.PORT}`;
      let stopped: string | null = null;
      for (const { name, exited, output } of running) void exited.then((code) => (stopped ??= `${name} exited with ${code}:\n${output()}`));

      // Healthy API, or the first process that stopped, with its output.
      const started = await until(
        async () =>
          stopped ??
          (await fetch(`${apiUrl}/api/health`)
            .then((res) => (res.ok ? 'healthy' : null))
            .catch(() => null)),
        'the API to answer /api/health',
        90_000,
      );
      expect(started).toBe('healthy');
      await until(
        async () =>
          running
            .find((process) => process.name === 'worker')!
            .output()
            .includes('worker started'),
        'the worker',
        90_000,
      );

      const owner = new TestClient(apiUrl);
      await signUp(owner);
      const created = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://example.com/compose' });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      // The API runs no projection: only the worker can bring the code into the dashboard's and the redirect's read models.
      expect(api.output()).not.toContain('worker started');
      const listed = await until(
        async () => {
          const res = await owner.get(`/api/dashboard/codes/${id}`);
          return res.status === 200 ? res : null;
        },
        'the worker to project the new code for the dashboard',
        30_000,
      );
      expect(listed.body).toMatchObject({ id, destination: 'https://example.com/compose' });
      const scan = await until(
        async () => {
          const res = await new TestClient(apiUrl).get(`/d/${created.body.shortCode as string}`, {
            headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
          });
          return res.status === 302 ? res : null;
        },
        'the worker to project the new code for /d/',
        30_000,
      );
      expect(scan.headers.location).toBe('https://example.com/compose');
      for (const { child, name } of running) expect([name, child.exitCode]).toEqual([name, null]);
    }, 180_000);
  });
});
