import { randomUUID } from 'node:crypto';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { JSON_ONLY, JSON_OR_FORM } from './json-body.guard';

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
}

describe('JSON routes refuse other content types with 415', () => {
  let app: TestApp;
  let client: TestClient;
  let bodyRoutes: { method: string; path: string; multipart: boolean; form: boolean }[];
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
    await signUp(client);
    const spec = (await client.get('/api/docs-json')).body as { paths: Record<string, Record<string, Operation>> };
    // The JSON rule is the API's: /d/{shortCode}'s password form (documented since b883770) takes a form body, and
    // password-redirect.int-spec checks what it answers to other bodies.
    const apiPaths = Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/'));
    bodyRoutes = apiPaths.flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody)
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          // The check runs before any path id is parsed, so any id will do.
          path: path.replace(/\{[^}]+\}/g, () => randomUUID()),
          multipart: Object.keys(operation.requestBody?.content ?? {}).includes('multipart/form-data'),
          // Only the newsletter's one-click unsubscribe (RFC 8058) is documented with form bodies.
          form: Object.keys(operation.requestBody?.content ?? {}).includes('application/x-www-form-urlencoded'),
        })),
    );
  });
  afterAll(() => app.close());

  it('a text/plain PUT /api/update-name answers 415 and leaves the name as it was', async () => {
    expect((await client.put('/api/update-name', { firstName: 'Ada', lastName: 'Lovelace' })).status).toBe(200);
    const res = await client.put('/api/update-name', 'firstName=&lastName=', { headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, code: 'unsupported_media_type', message: JSON_ONLY });
    expect((await client.get('/api/user')).body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    // No Content-Type at all is refused alike; JSON with a charset is fine.
    expect((await client.put('/api/update-name', '{"firstName":""}')).status).toBe(415);
    const charset = await client.put('/api/update-name', JSON.stringify({ firstName: 'Grace', lastName: 'Hopper' }), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(200);
  });

  it(
    'every body-taking route of /api/docs answers 415 to text/plain, form-urlencoded and XML bodies; multipart only where ' + 'documented',
    async () => {
      expect(bodyRoutes.length).toBeGreaterThan(15);
      const failures: string[] = [];
      for (const route of bodyRoutes) {
        for (const type of [
          'text/plain',
          ...(route.form ? [] : ['application/x-www-form-urlencoded']),
          'application/xml',
          ...(route.multipart ? [] : ['multipart/form-data; boundary=x']),
        ]) {
          const res = await client.request(route.method, route.path, { body: 'a=1', headers: { 'content-type': type } });
          const message = route.multipart ? JSON_OR_FORM : JSON_ONLY;
          if (res.status !== 415 || res.body?.message !== message)
            failures.push(`${route.method} ${route.path} ${type}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('bodiless calls and the multipart upload routes are not refused', async () => {
    expect((await client.post('/api/logout')).status).toBe(200);
    const multipartRoutes = bodyRoutes.filter((route) => route.multipart);
    expect(multipartRoutes.length).toBeGreaterThan(0);
    const signedIn = new TestClient(app.url);
    await signUp(signedIn);
    for (const route of multipartRoutes) {
      const body = '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--x--\r\n';
      const res = await signedIn.request(route.method, route.path, {
        body,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect([route.path, res.status]).not.toEqual([route.path, 415]);
    }
  });
});
