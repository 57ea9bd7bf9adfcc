import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BEARER_DESCRIPTION, BEARER_SCHEME, ROUTE_SCOPES, SCOPE_EXTENSION, scopeOfRoute } from './api-keys';
import { ProjectionsService } from './projections/projections.service';
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

  it('every route documents what it answers on success (@AnswerOf, CsvAnswerOf, NoContentAnswer), bar the listed few', async () => {
    const spec = (await new TestClient(app.url).get('/api/docs-json')).body as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
        const documented = success.some(([status, response]) => response.content !== undefined || status === '204');
        if (!documented) undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undocumented.sort()).toEqual([...UNDOCUMENTED_ANSWERS].sort());
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

/**
 * Routes whose success answer is not in /api/docs yet: pages and files a browser opens (HTML, PDF, images, the QR
 * download), redirects (Google sign-in), the health probe and the payment intent. A new route is not added here: give it
 * `@AnswerOf(schema)` (or `CsvAnswerOf` / `NoContentAnswer`) so the frontend's generated types carry its answer.
 */
const UNDOCUMENTED_ANSWERS = [
  'GET /api/health',
  'GET /auth/google',
  'GET /auth/google/callback',
  'GET /api/qrcodes/{id}/download',
  'GET /pdf/preview',
  'GET /pdf/{id}',
  'GET /images/{id}',
  'GET /logo/{id}',
  'GET /uploads/{name}',
  'POST /api/create-payment-intent',
];

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
