import { applyDecorators, Body, createParamDecorator, ExecutionContext, Injectable, Param, PipeTransform, Query } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { z, ZodError, type ZodType } from 'zod';
import { DomainError, type DomainErrorCode } from './domain-error';

/**
 * Input at the edge: every route's body, query and path ids are one zod schema, parsed before a controller builds its
 * command, and the same schema documents the route in /api/docs. The field helpers below are what every string
 * of every schema is made of, so no text a client sends reaches an encoder or PostgreSQL with characters they refuse.
 */

/** One message per field; the first issue of a field wins (the specs show one message per field). */
export function zodErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

// ---------------------------------------------------------------- characters

/** NUL and the C0/C1 controls except tab, LF and CR (which multi-line fields keep), and DEL. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\r\n]/;
/** A UTF-16 surrogate without its partner: PostgreSQL and encodeURIComponent both refuse it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Bidirectional overrides and isolates, and zero-width characters: they make one name look like another. */
const BIDI_AND_ZERO_WIDTH = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export const NOT_ALLOWED = (label: string) => `${label} contains characters that are not allowed`;

/** The reason a string may not be stored, or null. */
export function unsafeText(value: string, options: { multiline?: boolean } = {}): 'control' | 'surrogate' | null {
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  if (CONTROL.test(value)) return 'control';
  if (!options.multiline && LINE_BREAK.test(value)) return 'control';
  return null;
}

export interface TextOptions {
  /** Used in the messages: 'First name'. */
  label: string;
  max: number;
  min?: number;
  /** Messages of the specs, where they name one. */
  maxMessage?: string;
  minMessage?: string;
  typeMessage?: string;
  /** Keeps line breaks (messages, descriptions). */
  multiline?: boolean;
  /** Default true. */
  trim?: boolean;
}

/** A string field: refuses NUL, lone surrogates and control characters with a field message; bounded; trimmed. */
export function text(options: TextOptions) {
  const { label, max, min = 0, multiline = false, trim = true } = options;
  return z
    .string({ error: options.typeMessage ?? `${label} must be text` })
    .refine((value) => unsafeText(value, { multiline }) === null, { message: NOT_ALLOWED(label), abort: true })
    .transform((value) => (trim ? value.trim() : value))
    .pipe(
      z
        .string()
        .min(min, options.minMessage ?? (min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`))
        .max(max, options.maxMessage ?? `${label} must be at most ${max} characters`),
    );
}

/** People's names and other display names: text, in Unicode NFC, without bidi controls or zero-width characters. */
export function displayName(options: TextOptions) {
  return text(options).transform((value) => value.normalize('NFC').replace(BIDI_AND_ZERO_WIDTH, '').trim());
}

/** Walks any JSON value (type-dependent content fields) and reports each string that may not be stored, by path. */
export function unsafeStrings(
  value: unknown,
  path: (string | number)[] = [],
  found: { path: (string | number)[]; reason: string }[] = [],
  depth = 0,
) {
  if (depth > 20) {
    found.push({ path, reason: 'depth' });
    return found;
  }
  if (typeof value === 'string') {
    const reason = unsafeText(value, { multiline: true });
    if (reason) found.push({ path, reason });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unsafeStrings(item, [...path, index], found, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (unsafeText(key) !== null) found.push({ path: [...path, key], reason: 'control' });
      unsafeStrings(item, [...path, key], found, depth + 1);
    }
  }
  return found;
}

/** An object whose fields a later step validates (type-dependent content); refuses unsafe strings anywhere in it. */
export function safeObject<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape).superRefine((value, ctx) => {
    for (const problem of unsafeStrings(value)) {
      ctx.addIssue({
        code: 'custom',
        path: problem.path,
        message: NOT_ALLOWED(problem.path.length ? String(problem.path[problem.path.length - 1]) : 'The request'),
      });
    }
  });
}

// ---------------------------------------------------------------- ids in paths

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A UUID id in a path: a malformed one names nothing, so it is 404 with the resource's message, never 400 or 500. */
export const uuidId = () =>
  z
    .string()
    .regex(UUID)
    .transform((value) => value.toLowerCase());
/** An integer id (clients): 1 to 999,999,999. */
export const integerId = () =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number);

// ---------------------------------------------------------------- decorators

/** The OpenAPI 3.0 schema of what a client sends (the schema's input side), or of what a route answers (`output`). */
export function openApiSchema(schema: ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

@Injectable()
export class ZodPipe implements PipeTransform {
  constructor(
    private readonly schema: ZodType,
    private readonly onError: (errors: Record<string, string>) => DomainError = (errors) => DomainError.invalid(errors),
    /** What the schema sees when there is no value: an empty object (bodies, queries), or undefined (a header not sent). */
    private readonly absent: 'empty-object' | 'undefined' = 'empty-object',
  ) {}

  transform(value: unknown): unknown {
    const parsed = this.schema.safeParse(value ?? (this.absent === 'undefined' ? undefined : {}));
    if (!parsed.success) throw this.onError(zodErrors(parsed.error));
    return parsed.data;
  }
}

type Descriptor = TypedPropertyDescriptor<unknown>;
const descriptorOf = (target: object, key: string | symbol | undefined): [string | symbol, Descriptor] => {
  if (key === undefined) throw new Error('Input decorators belong on route handler parameters');
  return [key, Object.getOwnPropertyDescriptor(target, key) as Descriptor];
};

/** The parsed request body (400 with field messages when it does not fit), documented in /api/docs. */
export function BodyOf(schema: ZodType): ParameterDecorator {
  return (target, key, index) => {
    Body(new ZodPipe(schema))(target, key, index);
    const [name, descriptor] = descriptorOf(target, key);
    ApiBody({ schema: openApiSchema(schema), required: true })(target, name, descriptor);
  };
}

/** The parsed query string (400 when it does not fit), each property documented as a query parameter. */
export function QueryOf(schema: ZodType): ParameterDecorator {
  return (target, key, index) => {
    Query(new ZodPipe(schema))(target, key, index);
    const [name, descriptor] = descriptorOf(target, key);
    const json = openApiSchema(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
    for (const [property, propertySchema] of Object.entries(json.properties ?? {})) {
      ApiQuery({ name: property, required: json.required?.includes(property) ?? false, schema: propertySchema })(target, name, descriptor);
    }
  };
}

/** The body's fields (when it is an object), each overridden by a non-empty text of the same name in the query string. */
const queryOverBody = createParamDecorator((_data: unknown, context: ExecutionContext): Record<string, unknown> => {
  const req = context.switchToHttp().getRequest<Request>();
  const body: unknown = req.body;
  const fields: Record<string, unknown> = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
  for (const [name, value] of Object.entries(req.query ?? {})) if (typeof value === 'string' && value) fields[name] = value;
  return fields;
});

/**
 * Input that may come in the query string or the body, parsed as one (400 when it does not fit): a signed link's token
 * is in the URL a mail client posts to and in the body our page posts. Documented as optional query parameters and body.
 */
export function QueryOrBodyOf(schema: ZodType): ParameterDecorator {
  return (target, key, index) => {
    queryOverBody(new ZodPipe(schema))(target, key, index);
    const [name, descriptor] = descriptorOf(target, key);
    const { required: _eitherPlace, ...json } = openApiSchema(schema) as {
      properties?: Record<string, Record<string, unknown>>;
      required?: unknown;
    };
    for (const [property, propertySchema] of Object.entries(json.properties ?? {})) {
      ApiQuery({ name: property, required: false, schema: propertySchema })(target, name, descriptor);
    }
    ApiBody({ schema: json, required: false })(target, name, descriptor);
  };
}

/** A path id: malformed answers 404 with `notFound`, exactly as an unknown id does. */
export function IdParam(name: string, schema: ZodType, notFound: string): ParameterDecorator {
  return (target, key, index) => {
    Param(name, new ZodPipe(schema, () => DomainError.notFound(notFound)))(target, key, index);
    const [method, descriptor] = descriptorOf(target, key);
    ApiParam({ name, required: true, schema: openApiSchema(schema) })(target, method, descriptor);
  };
}

/** Any other path value (a role name): 400 with the schema's message when it does not fit, documented in /api/docs. */
export function ParamOf(name: string, schema: ZodType): ParameterDecorator {
  return (target, key, index) => {
    Param(name, new ZodPipe(schema))(target, key, index);
    const [method, descriptor] = descriptorOf(target, key);
    ApiParam({ name, required: true, schema: openApiSchema(schema) })(target, method, descriptor);
  };
}

const headerValue = createParamDecorator(
  (name: string, context: ExecutionContext): unknown => context.switchToHttp().getRequest<Request>().headers[name.toLowerCase()],
);

/**
 * A request header, parsed by its schema (it sees undefined when the header is not sent); 400 with the schema's message
 * on `field`. Documented in /api/docs with what the header means on this route.
 */
export function HeaderOf(name: string, schema: ZodType, options: { field: string; description: string }): ParameterDecorator {
  return (target, key, index) => {
    const onError = (errors: Record<string, string>) => DomainError.invalid(Object.values(errors)[0] ?? 'Invalid header', options.field);
    headerValue(name, new ZodPipe(schema, onError, 'undefined'))(target, key, index);
    const [method, descriptor] = descriptorOf(target, key);
    ApiHeader({ name, required: false, description: options.description, schema: openApiSchema(schema) })(target, method, descriptor);
  };
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 255 visible ASCII characters';

/** `Idempotency-Key` (codes' creates, campaigns' sends): null when not sent; else 1 to 255 visible ASCII characters, trimmed. */
export const idempotencyKeyHeader = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? null : value.trim()))
  .refine((value) => value === null || IDEMPOTENCY_KEY.test(value), IDEMPOTENCY_KEY_INVALID);

/**
 * A path value of a public page (a printed code's /pdf/{id}): what does not fit names nothing and parses to null, so
 * the page answers its own not-found page to the person who scanned, not an API error.
 */
export const orNothing = <T>(schema: ZodType<T>) =>
  z.string().transform((value): T | null => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });

/**
 * What a route answers, documented in /api/docs (the frontend's types are generated from it). The handler's return type
 * should be the schema's output type, so the two cannot drift.
 */
export function AnswerOf(schema: ZodType, status = 200, description = 'The answer'): MethodDecorator {
  return ApiResponse({ status, description, schema: openApiSchema(schema, 'output') });
}

/**
 * A type as a client reads it once sent as JSON: Dates become ISO strings (objects and arrays walked). A handler whose
 * service returns rows with Dates is typed with its schema's output type through `sent(...)`, so a row type wider than
 * the schema (a `string` where the schema names a union) fails the typecheck.
 */
export type Sent<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Sent<U>[]
    : T extends object
      ? { [K in keyof T]: Sent<T[K]> }
      : T;
export const sent = <T>(value: T): Sent<T> => value as Sent<T>;

/** A route that answers a CSV file (an export): documented as `text/csv`, one header row then one row per record. */
export function CsvAnswerOf(description: string): MethodDecorator {
  return ApiResponse({ status: 200, description, content: { 'text/csv': { schema: { type: 'string' } } } });
}

/** A route that answers a file (a ZIP, a PDF), streamed: documented with its media type as binary. */
export function FileAnswerOf(type: string, description: string): MethodDecorator {
  return ApiResponse({ status: 200, description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } });
}

/** A route that answers nothing on success (204 No Content, a delete): documented so, not left as an untyped answer. */
export function NoContentAnswer(description: string): MethodDecorator {
  return ApiResponse({ status: 204, description });
}

/** A route that answers a file of one of several media types (an upload as stored): each documented as binary. */
export function FilesAnswerOf(types: string[], description: string, status = 200): MethodDecorator {
  const content = Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  return ApiResponse({ status, description, content });
}

/** A route that answers an HTML page a person reads (a code's hosted page, a not-found page): `text/html`. */
export function PageAnswer(status: number, description: string): MethodDecorator {
  return ApiResponse({ status, description, content: { 'text/html': { schema: { type: 'string' } } } });
}

/** A route that sends the browser on (302 by default): documented with its Location header and where it points. */
export function RedirectAnswer(description: string, status = 302): MethodDecorator {
  return ApiResponse({
    status,
    description,
    headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
  });
}

/**
 * The JSON of every error answer (http/errors.filter.ts's domainErrorBody): the status, the sentence shown to people,
 * the status's name, a stable code clients may branch on, and one message per field for a form's 400.
 */
export const errorAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string().optional(),
  code: z
    .enum([
      'invalid',
      'unauthenticated',
      'forbidden',
      'not_found',
      'conflict',
      'stale',
      'too_large',
      'unsupported_media_type',
      'too_many_requests',
      'unavailable',
    ] satisfies DomainErrorCode[])
    .optional(),
  errors: z.record(z.string(), z.string()).optional().meta({ description: 'One message per field (a 400 of a form)' }),
});

/** The error answers a route gives (status: when), each documented with the JSON of errorAnswer. */
export function ErrorAnswers(answers: Record<number, string>): MethodDecorator {
  const schema = openApiSchema(errorAnswer, 'output');
  return applyDecorators(
    ...Object.entries(answers).map(([status, description]) => ApiResponse({ status: Number(status), description, schema })),
  );
}
