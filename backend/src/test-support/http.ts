import { request as httpRequest } from 'node:http';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  body: any;
  buffer: Buffer;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON unless it is a Buffer/string (then sent as is, set content-type yourself). */
  body?: unknown;
  /** Host header (tenant selection); defaults to the server's address. */
  host?: string;
}

/**
 * A tiny HTTP client for int-specs: real requests over loopback, any Host header, and a cookie jar so a
 * client keeps its session like a browser. fetch() cannot set Host, so this uses node:http.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly defaults: { host?: string; origin?: string } = {},
  ) {}

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = { ...options.headers };
    const host = options.host ?? this.defaults.host;
    if (host) headers.host = host;
    if (this.defaults.origin && !headers.origin && method !== 'GET' && method !== 'HEAD') headers.origin = this.defaults.origin;
    if (this.cookies.size && !headers.cookie) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: Buffer | undefined;
    if (options.body !== undefined) {
      if (Buffer.isBuffer(options.body) || typeof options.body === 'string') payload = Buffer.from(options.body as string);
      else {
        payload = Buffer.from(JSON.stringify(options.body));
        headers['content-type'] ??= 'application/json';
      }
      headers['content-length'] = String(payload.length);
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest({ method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          for (const cookie of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
            const [pair, ...attributes] = cookie.split(';');
            const [name, ...rest] = pair.split('=');
            const expired = attributes.some(
              (attribute) => /^\s*expires=thu, 01 jan 1970/i.test(attribute) || /^\s*max-age=0/i.test(attribute),
            );
            if (expired) this.cookies.delete(name.trim());
            else this.cookies.set(name.trim(), rest.join('=').trim());
          }
          const buffer = Buffer.concat(chunks);
          const text = buffer.toString('utf8');
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body, buffer });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  post(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, { ...options, body });
  }
  put(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('PUT', path, { ...options, body });
  }
  delete(path: string, options?: RequestOptions) {
    return this.request('DELETE', path, options);
  }
}
