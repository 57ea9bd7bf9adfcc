import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Env } from '../config/env';
import { DomainError } from '../common/domain-error';
import { domainErrorBody } from '../http/errors.filter';

/**
 * Bytes a JSON row may take beyond its values: its keys, quotes and punctuation, with every style field named (a full
 * row's keys are about 400 bytes).
 */
export const BATCH_JSON_ROW_OVERHEAD = 512;

/**
 * The largest JSON body POST /api/batches takes: the values of BATCH_MAX_ROWS rows as a CSV may hold them
 * (BATCH_MAX_CSV_BYTES) plus each row's keys. 7.4 MB at the defaults (5,000 rows, a 5 MB CSV); every other route keeps
 * the JSON parser's 100 kB.
 */
export const batchJsonLimit = (env: Pick<Env, 'BATCH_MAX_ROWS' | 'BATCH_MAX_CSV_BYTES'>) =>
  env.BATCH_MAX_CSV_BYTES + env.BATCH_MAX_ROWS * BATCH_JSON_ROW_OVERHEAD;

export const batchTooLarge = (limit: number) =>
  `The batch is too large: a JSON body may be at most ${Math.round((limit / 1024 / 1024) * 10) / 10} MB. ` +
  'Send fewer rows, or the rows as a CSV file.';

/**
 * The JSON parser of POST /api/batches alone (mounted before the application's, which then leaves the parsed body be):
 * a batch of BATCH_MAX_ROWS rows passes the general 100 kB limit, so this route has its own bound, and a body over it is
 * a 413 that says what to do (body-parser's own text is 'request entity too large').
 */
export function batchBodyParser(env: Pick<Env, 'BATCH_MAX_ROWS' | 'BATCH_MAX_CSV_BYTES'>): RequestHandler {
  const limit = batchJsonLimit(env);
  const parse = express.json({ limit });
  return (req: Request, res: Response, next: NextFunction) => {
    // Only a caller who could be signed in is read this far; the rest meet the general parser, then the 401.
    if (!req.headers.cookie && !req.headers.authorization) return next();
    parse(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type !== 'entity.too.large') return next(error);
      const refusal = new DomainError('too_large', batchTooLarge(limit));
      res.status(refusal.status).json(domainErrorBody(refusal));
    });
  };
}
