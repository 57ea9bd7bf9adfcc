import { HttpError, type fetchUtils } from 'react-admin';
import { send } from './http';

/**
 * react-admin's httpClient (ra-data-simple-rest and the actions of the dashboard and the staff console) on the app's
 * one client (`send`): it answers what react-admin's fetchUtils.fetchJson answers ({ status, headers, body, json })
 * and raises react-admin's HttpError with the server's message, so react-admin's notifications and forms show it.
 * Its own module: the site's pages, which import api/http.ts, never load react-admin.
 */
export async function raHttpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const response = await send(options.method ?? 'GET', url, { body: options.body, headers, signal: options.signal ?? undefined });
  const body = await response.text();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = body;
  }
  if (!response.ok) throw new HttpError(errorMessage(json) ?? response.statusText, response.status, json);
  return { status: response.status, headers: response.headers, body, json: json as never };
}

/** The server's `{ message }` (a list of field messages joined), as fetchUtils reads it. */
function errorMessage(json: unknown): string | null {
  if (!json || typeof json !== 'object' || !('message' in json)) return null;
  const message = (json as { message: unknown }).message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.every((item) => typeof item === 'string')) return message.join(' ');
  return null;
}
