import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { TestClient } from '../test-support/http';
import { appRoutes } from '../test-support/routes';
import { startTestApp, TestApp } from '../test-support/test-app';

/** Every route handler that reads the request body (a @Body or BodyOf parameter), as METHOD /openapi/{path}. */
function bodyTakingRoutes(app: TestApp): string[] {
  return appRoutes(app)
    .filter(({ controller, key }) => {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}) as Record<string, unknown>;
      return Object.keys(args).some((arg) => Number(arg.split(':')[0]) === RouteParamtypes.BODY);
    })
    .map(({ method, path }) => `${method.toLowerCase()} ${path.replace(/:(\w+)/g, '{$1}')}`)
    .sort();
}

describe('GET /api/docs', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
  });
  afterAll(() => app.close());

  it('serves the OpenAPI description of every route and its browsable page', async () => {
    const spec = await client.get('/api/docs-json');
    expect(spec.status).toBe(200);
    expect(spec.body.info.title).toBe('QR Code Sharks API');
    const paths = Object.keys(spec.body.paths);
    for (const path of [
      '/api/health',
      '/api/white-label/config',
      '/api/register',
      '/api/login',
      '/api/qrcodes',
      '/api/dynamic-qrcodes/{id}/pause',
      '/api/user-analytics',
    ]) {
      expect(paths).toContain(path);
    }
    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
  });

  it('documents a request schema with its fields for every route that takes a body', async () => {
    const spec = (await client.get('/api/docs-json')).body as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> } }>>;
    };
    const routes = bodyTakingRoutes(app);
    expect(routes.length).toBeGreaterThan(15);
    const undocumented = routes.filter((route) => {
      const [method, path] = route.split(' ');
      const content = spec.paths[path]?.[method]?.requestBody?.content ?? {};
      const schemas = Object.values(content).map((media) => media.schema ?? {});
      // A schema that names its fields (or composes ones that do), not an empty `{}`.
      return !schemas.some((schema) => ['properties', 'allOf', 'anyOf', 'oneOf'].some((key) => key in schema));
    });
    expect(undocumented).toEqual([]);
  });
});
