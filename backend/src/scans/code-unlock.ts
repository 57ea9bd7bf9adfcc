import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { IncomingMessage } from 'node:http';
import { FixedWindowCounter } from '../redis/fixed-window';
import { REDIS } from '../redis/redis.module';
import { SCAN_KEYS, type ScanKeys } from './scan-keys';

/** Password attempts allowed per protected code and client IP in one window (issue 15; docs/decisions.md). */
export const UNLOCK_ATTEMPTS = 10;
export const UNLOCK_WINDOW_SECONDS = 15 * 60;
/** The form holds one password of at most 128 characters: 4 KiB is plenty, anything larger is refused with 413. */
export const UNLOCK_FORM_LIMIT = 4096;
/** A limiter that does not answer within this long counts the attempt in this process's memory instead. */
const REDIS_WAIT_MS = 500;

export type FormResult = { password: string } | { status: 400 | 413 };

/**
 * The password form of /d/{code}, read without Express: application/x-www-form-urlencoded, at most
 * UNLOCK_FORM_LIMIT bytes (declared or sent), one `password` field. Whatever else arrives is refused with 400 or 413;
 * the rest of an oversized body is drained unread.
 */
export function readPasswordForm(req: IncomingMessage): Promise<FormResult> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
  if (type !== 'application/x-www-form-urlencoded') return drained(req, { status: 400 });
  if (declared !== null && (!Number.isFinite(declared) || declared > UNLOCK_FORM_LIMIT)) return drained(req, { status: 413 });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: FormResult) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > UNLOCK_FORM_LIMIT) {
        chunks.length = 0;
        finish({ status: 413 });
      } else chunks.push(chunk);
    });
    req.on('end', () => finish(parsePasswordForm(Buffer.concat(chunks))));
    req.on('error', () => finish({ status: 400 }));
    req.on('aborted', () => finish({ status: 400 }));
  });
}

/** Pure: the password of a form body, or 400 (not UTF-8, no or several password fields, empty, too long). */
export function parsePasswordForm(body: Buffer): FormResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { status: 400 };
  }
  const values = new URLSearchParams(text).getAll('password');
  if (values.length !== 1) return { status: 400 };
  const password = values[0];
  if (!password || password.length > 128 || password.includes('\uFFFD')) return { status: 400 };
  return { password };
}

function drained(req: IncomingMessage, result: FormResult): Promise<FormResult> {
  req.resume();
  return Promise.resolve(result);
}

/**
 * Fixed-window counters in Redis of password attempts per code and client IP, shared by every API process. Redis
 * down or slow: the attempts are counted in this process's memory with the same limit (fails closed, issue 27;
 * redis/fixed-window.ts), and a warning is logged at most once a minute.
 */
@Injectable()
export class UnlockLimiter {
  private readonly counter: FixedWindowCounter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
  ) {
    this.counter = new FixedWindowCounter(redis, 'UnlockLimiter', { timeoutMs: REDIS_WAIT_MS });
  }

  /** Counts the attempt; true when it is over the limit. */
  async exceeded(qrId: string, ip: string): Promise<boolean> {
    return (await this.counter.hit(this.keys.unlockAttempts(qrId, ip || 'unknown'), UNLOCK_WINDOW_SECONDS)) > UNLOCK_ATTEMPTS;
  }

  /** A right password clears the counter of that code and client. */
  async reset(qrId: string, ip: string): Promise<void> {
    await this.counter.reset(this.keys.unlockAttempts(qrId, ip || 'unknown'));
  }
}
