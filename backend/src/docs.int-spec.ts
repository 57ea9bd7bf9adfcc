import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BEARER_DESCRIPTION, BEARER_SCHEME, ROUTE_SCOPES, SCOPE_EXTENSION, scopeOfRoute } from './api-keys';
import { DECORATORS } from '@nestjs/swagger';
import { FastPathRegistry } from './common/fast-path';
import { ProjectionsService } from './projections/projections.service';
import { appRoutes } from './test-support/routes';
import { TestClient } from './test-support/http';
import { startTestApp, TestApp } from './test-support/test-app';

/**
 * The lists in the docs that drift when code changes (features, projections, routes) are generated from the running
 * app between `<!-- generated:NAME -->` markers, and the frontend's types of the API (frontend/src/api/schema.d.ts)
 * from its OpenAPI document. This test fails when they are out of date; `npm run api-types` (root) or
 * `UPDATE_DOCS=1 npx jest src/docs.int-spec.ts` (in backend/) rewrites them.
 */
const ROOT = join(__dirname, '..', '..');
const SRC = __dirname;

function section(file: string, name: string, body: string): { current: string; expected: string; write: () => void } {
  const path = join(ROOT, file);
  const text = readFileSync(path, 'utf8');
  const start = `<!-- generated:${name} -->`;
  const end = `<!-- /generated:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} ... ${end} section`);
  const current = text.slice(from + start.length, to).trim();
  const expected = body.trim();
  return { current, expected, write: () => writeFileSync(path, `${text.slice(0, from + start.length)}\n${expected}\n${text.slice(to)}`) };
}

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), suffix) : entry.name.endsWith(suffix) ? [join(dir, entry.name)] : [],
  );
}

const code = (value: string) => `\`${value}\``;

describe('generated lists in the docs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const check = (file: string, name: string, body: string) => {
    const part = section(file, name, body);
    if (process.env.UPDATE_DOCS === '1' && part.current !== part.expected) part.write();
    else expect({ file, section: name, text: part.current }).toEqual({ file, section: name, text: part.expected });
  };

  it('docs/architecture.md lists every backend feature (a folder with a front door) and nothing else', () => {
    const features = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(SRC, entry.name, 'index.ts')) && !['command-pipeline'].includes(entry.name))
      .map((entry) => entry.name)
      .sort();
    const rows = features.map((name) => {
      const door = readFileSync(join(SRC, name, 'index.ts'), 'utf8');
      const comment = /\/\*\*([\s\S]*?)\*\//.exec(door)?.[1] ?? '';
      const summary = comment
        .replace(/^\s*\*\s?/gm, '')
        .replace(/\s+/g, ' ')
        .trim()
        .split('. ')[0]
        .replace(/\.$/, '');
      return `| ${code(`${name}/`)} | ${summary.replace(/\|/g, '\\|')} |`;
    });
    check('docs/architecture.md', 'features', ['| feature | front door (`index.ts`) |', '|---|---|', ...rows].join('\n'));
  });

  it('docs/events.md lists every projection with its file, tables and event types', () => {
    const projectionFiles = filesUnder(SRC, '.projection.ts');
    const rows = app.app
      .get(ProjectionsService)
      .list()
      .map((projection) => {
        const file = projectionFiles.find((path) => readFileSync(path, 'utf8').includes(`'${projection.name}'`));
        return (
          `| ${code(projection.name)} | ${file ? code(relative(SRC, file)) : '?'} | ${projection.tables.map(code).join(', ')} | ` +
          `${[...projection.eventTypes].map(code).join(', ')} |`
        );
      })
      .sort();
    check(
      'docs/events.md',
      'projections',
      ['| projection (name) | file | tables | event types |', '|---|---|---|---|', ...rows].join('\n'),
    );
  });

  it('docs/routes.md lists every HTTP route of /api/docs with its API key scope and request fields', async () => {
    const spec = (await new TestClient(app.url).get('/api/docs-json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
            [SCOPE_EXTENSION]?: string;
          }
        >
      >;
    };
    const rows: string[] = [];
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const fields = Object.values(operation.requestBody?.content ?? {}).flatMap((media) => Object.keys(media.schema?.properties ?? {}));
        const scope = operation[SCOPE_EXTENSION];
        rows.push(`| ${method.toUpperCase()} | ${code(path)} | ${scope ? code(scope) : ''} | ${[...new Set(fields)].join(', ')} |`);
      }
    }
    rows.sort((a, b) => a.split(' | ')[1].localeCompare(b.split(' | ')[1]) || a.localeCompare(b));
    check('docs/routes.md', 'routes', ['| method | path | API key scope | request body fields |', '|---|---|---|---|', ...rows].join('\n'));
  });

  it('/api/docs documents the bearer scheme, the scope of every route that takes a key, and that the others refuse keys', async () => {
    const spec = (await new TestClient(app.url).get('/api/docs-json')).body as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string; description?: string }> };
      paths: Record<string, Record<string, { description?: string; security?: unknown[]; [SCOPE_EXTENSION]?: string }>>;
    };
    expect(spec.components.securitySchemes[BEARER_SCHEME]).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'qrs_live_…',
      description: BEARER_DESCRIPTION,
    });
    const documented = new Map<string, { description?: string; security?: unknown[]; scope?: string }>();
    for (const [path, operations] of Object.entries(spec.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations))
        documented.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, { ...operation, scope: operation[SCOPE_EXTENSION] });
    }
    // Every entry of the table names a documented route (none is stale), documented with its scope and both schemes.
    for (const [route, scope] of Object.entries(ROUTE_SCOPES)) {
      const operation = documented.get(route);
      expect({ route, scope: operation?.scope, security: operation?.security, says: operation?.description?.includes(scope) }).toEqual({
        route,
        scope,
        security: [{ cookie: [] }, { [BEARER_SCHEME]: [] }],
        says: true,
      });
    }
    // Every other route says it refuses keys; no staff route names a scope.
    const refusing = [...documented].filter(([route]) => scopeOfRoute(route.split(' ')[0], route.split(' ')[1]) === null);
    expect(refusing.filter(([, operation]) => operation.scope || !operation.description?.includes('API keys: not accepted.'))).toEqual([]);
    expect(refusing.map(([route]) => route)).toEqual(
      expect.arrayContaining(['GET /api/admin/users', 'POST /api/api-keys', 'GET /api/user']),
    );
  });

  it('/api/docs describes every route Nest registered and every fast path, each with its success answer and media type', async () => {
    const spec = (await new TestClient(app.url).get('/api/docs-json')).body as { paths: Record<string, Record<string, Operation>> };
    const problems: string[] = [];
    const excluded: string[] = [];
    for (const route of appRoutes(app)) {
      const name = `${route.method} ${route.path}`;
      if (Reflect.getMetadata(DECORATORS.API_EXCLUDE_ENDPOINT, route.handler)) {
        excluded.push(name);
        continue;
      }
      const operation = spec.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const problem = operation ? answerProblem(operation) : 'is not in /api/docs';
      if (problem) problems.push(`${name} ${problem}`);
    }
    // The node:http fast paths (/d/) never reach Nest's router: each registration documents its paths itself.
    const fastPaths = app.app.get(FastPathRegistry).registered();
    expect(fastPaths.map(({ prefix }) => prefix)).toEqual(['/d/']);
    for (const { prefix, documented } of fastPaths) {
      if (!Object.keys(documented).length) problems.push(`fast path ${prefix} documents no path`);
      for (const [path, item] of Object.entries(documented)) {
        if (!path.startsWith(prefix)) problems.push(`fast path ${prefix} documents ${path}, outside it`);
        for (const method of ['get', 'head', 'post', 'put', 'patch', 'delete'] as const) {
          if (!item[method]) continue;
          const operation = spec.paths[path]?.[method];
          const problem = operation ? answerProblem(operation) : 'is not in /api/docs';
          if (problem) problems.push(`${method.toUpperCase()} ${path} ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Left out on purpose: Stripe's signed webhook is for Stripe, not for clients of this API.
    expect(excluded).toEqual(['POST /api/stripe/webhook']);
  });

  it('frontend/src/api/schema.d.ts is the types of the OpenAPI document (openapi-typescript)', async () => {
    const spec = (await new TestClient(app.url).get('/api/docs-json')).body as unknown;
    const dir = mkdtempSync(join(tmpdir(), 'qrs-openapi-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(spec));
      execFileSync(process.execPath, [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), 'openapi.json', '-o', 'schema.d.ts'], {
        cwd: dir,
        stdio: 'pipe',
      });
      const expected = `${SCHEMA_HEADER}\n${readFileSync(join(dir, 'schema.d.ts'), 'utf8')}`;
      const path = join(ROOT, 'frontend/src/api/schema.d.ts');
      const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
      if (process.env.UPDATE_DOCS === '1' && current !== expected) writeFileSync(path, expected);
      // A diff of the two texts names the first stale line; `toEqual` on 10,000 lines would print them all.
      else expect(firstDifference(current, expected)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

interface Operation {
  responses?: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
}

/**
 * Why an operation does not say what it answers on success, or null: it needs a 2xx with a media type (JSON through
 * @AnswerOf, CSV, a file, a page), a 204 (nothing), or a 3xx with its Location header.
 */
function answerProblem(operation: Operation): string | null {
  const answers = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
  if (!answers.length) return 'declares no 2xx or 3xx answer';
  const described = answers.some(
    ([status, answer]) =>
      (status.startsWith('2') && Object.keys(answer.content ?? {}).length > 0) ||
      status === '204' ||
      (status.startsWith('3') && answer.headers?.Location !== undefined),
  );
  return described ? null : `declares ${answers.map(([status]) => status).join(', ')} without a media type (or Location)`;
}

const SCHEMA_HEADER = [
  '// Generated from /api/docs-json by openapi-typescript: do not edit. `npm run api-types` (root) rewrites it;',
  '// backend/src/docs.int-spec.ts fails when it is stale. Read it through frontend/src/api/types.ts.',
].join('\n');

function firstDifference(current: string, expected: string): string | null {
  if (current === expected) return null;
  const a = current.split('\n');
  const b = expected.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line < 0 ? a.length : line;
  return (
    `frontend/src/api/schema.d.ts is stale (run npm run api-types) from line ${at + 1}: ` +
    `has ${JSON.stringify(a[at])}, expected ${JSON.stringify(b[at])}`
  );
}
