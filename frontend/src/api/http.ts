import { QueryClient, useQuery, type QueryFunction } from '@tanstack/react-query';
import type { ApiAnswer } from './types';

export interface SendOptions {
  /** A value sent as JSON, or FormData as it is. */
  payload?: unknown;
  /** A body already made (react-admin's clients pass JSON text): a string goes as application/json. */
  body?: BodyInit | null;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

/**
 * The one place the site, the dashboard and the staff console call `fetch` (lint refuses it elsewhere): credentials
 * always go along (the session cookie; the server checks the Origin of state-changing calls), a JSON body is labelled
 * as JSON. The answer is returned as it is, error statuses too; `apiRequest` and `api/ra-http.ts` decide what an error is.
 */
export function send(method: string, path: string, options: SendOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  let body = options.body ?? undefined;
  if (options.payload !== undefined) {
    const isForm = typeof FormData !== 'undefined' && options.payload instanceof FormData;
    body = isForm ? (options.payload as FormData) : JSON.stringify(options.payload);
  }
  if (typeof body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return fetch(path, { method, credentials: 'include', headers, body, signal: options.signal });
}

/**
 * The one way the client talks to the server. Credentials always go along; a JSON body is sent only when there is a
 * payload; a non-ok answer raises `${status}: ${body || statusText}`.
 */
export async function apiRequest(
  method: string,
  path: string,
  payload?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  const response = await send(method, path, { payload, headers: extraHeaders });
  await throwIfNotOk(response);
  return response;
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = (await response.text().catch(() => '')) || response.statusText;
  throw new Error(`${response.status}: ${bodyText}`);
}

/** JSON of a request, or null for an empty body. `extraHeaders`: e.g. the generator's Idempotency-Key. */
export async function apiJson<T>(method: string, path: string, payload?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
  const response = await apiRequest(method, path, payload, extraHeaders);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Turns an error raised by apiRequest into the server's own message when it sent one
 * (`{ message }` JSON or plain text), else the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return fallback;
  const body = match[1].trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message) return message;
      if (Array.isArray(message) && typeof message[0] === 'string') return message.join(' ');
    }
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof (parsed as { error: unknown }).error === 'string') {
      return (parsed as { error: string }).error;
    }
  } catch {
    // plain text body
  }
  return body && !body.startsWith('<') ? body : fallback;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data read: the first element of the query key is the path. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await send('GET', String(queryKey[0]));
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/** The signed-in user (GET /api/user, `user` of GET /api/session, what login and register answer). */
export type User = ApiAnswer<'/api/user'>;

export interface LoginPayload {
  username: string;
  password: string;
}

export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
}

export const USER_KEY = ['/api/user'] as const;

/**
 * GET /api/session: `{ user }`, null when signed out. The spec's GET /api/user answers 401 then, which the browser
 * logs as an error on every signed-out page; a 401 there is no error, so the client asks the session route instead.
 */
async function fetchUser(): Promise<User | null> {
  const response = await send('GET', '/api/session');
  if (response.status === 401) return null;
  if (!response.ok) throw new Error('Failed to fetch user data');
  const text = await response.text();
  return text ? ((JSON.parse(text) as ApiAnswer<'/api/session'>).user ?? null) : null;
}

/** The session: user is null when signed out (401) and when the call fails otherwise. */
export function useUser() {
  const query = useQuery<User | null>({ queryKey: USER_KEY, queryFn: fetchUser });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    error: query.error,
  };
}

/** A fresh Idempotency-Key: the server answers a retried request with the same key as it answered the first. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
