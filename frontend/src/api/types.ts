import type { paths } from './schema';

/**
 * The server's answers and request bodies, read from the types generated from its OpenAPI document (schema.d.ts,
 * `npm run api-types`): a screen names a route, not a hand-copied interface, so a changed answer fails the type-check.
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Responses<P extends keyof paths, M extends Method> = Operation<P, M> extends { responses: infer R } ? R : never;

/** The JSON a route answers with on success (200 or 201). */
export type ApiAnswer<P extends keyof paths, M extends Method = 'get'> =
  Responses<P, M> extends { 200: infer R } ? JsonOf<R> : Responses<P, M> extends { 201: infer R } ? JsonOf<R> : never;

/** The JSON data of each event a server-sent-events route (text/event-stream) streams. */
export type ApiEvents<P extends keyof paths> =
  Responses<P, 'get'> extends { 200: { content: { 'text/event-stream': infer T } } } ? T : never;

/** The JSON body a route takes. */
export type ApiBody<P extends keyof paths, M extends Method = 'post'> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

export type { paths };
