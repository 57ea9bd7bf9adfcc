import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { batchRowToBody } from '@qrsharks/qr-core';
import { randomUUID } from 'node:crypto';
import { AccountsService, type AuthUser } from '../accounts';
import { CodeArtwork, checkTags, codeInputSchema, CreateQrCodeCommand, SetCodeTagsCommand } from '../codes';
import { loadStream } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { requestContext } from '../common/request-context';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { RenderError } from '../rendering/render-pool';
import type { ScanReport } from '../rendering/scannability';
import { evolveBatch, initialBatch, type BatchState } from './batch';
import { RecordBatchStepCommand, type BatchStep } from './batch-step.command';
import { batchStream, type BatchFailure, type BatchWarning } from './batch.events';

/** Progress is recorded every this many rows, or sooner when a run has taken this long. */
const RUN_ROWS = 25;
const RUN_MS = 1000;

/** The create body's names back to the row's: a row names its code `name` and its mode `dynamic`. */
const ROW_FIELD: Record<string, string> = { codeName: 'name', qrMode: 'dynamic' };

/** A busy render pool is waited for this many times (growing pauses) before a row is left unchecked. */
const SCAN_TRIES = 4;
/** Scan checks running while the next rows are made (the render pool works beside the runner; bounded). */
const SCAN_IN_FLIGHT = 2;
const SCAN_RETRY_MS = 500;
export const SCAN_NOT_CHECKED =
  'This code could not be checked for scanning (the renderer was busy). Scan a printed test copy before printing them all.';

export type RowOutcome = { row: number; codeId: string } | BatchFailure;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A row's scan check in words, or null when it scans and nothing could stop it: whether both decoders read it at print
 * size, then qr-core's warnings (contrast, logo, quiet zone), each a sentence a person can act on.
 */
export function scanWarningMessage(report: ScanReport): string | null {
  const words = report.warnings.map((warning) => warning.message);
  if (!report.scans) {
    const failed = [report.decoders.jsqr ? null : 'jsQR', report.decoders.zxing ? null : 'ZXing'].filter(Boolean).join(' and ');
    words.unshift(`This code would not scan: ${failed} could not read it at print size (${report.width} px).`);
  }
  return words.length ? words.join(' ') : null;
}

/**
 * The worker's side of a batch: reads the rows from the batch's events and makes each one through the codes feature's
 * own create command (the same rules, caps and messages as a single create), with an idempotency key per row, so a job
 * taken up again after a crash makes no row twice. Runs of rows are recorded in order (BatchRowsProcessed).
 */
@Injectable()
export class BatchRunner {
  private readonly logger = new Logger('BatchRunner');

  constructor(
    private readonly commandBus: CommandBus,
    private readonly accounts: AccountsService,
    private readonly artwork: CodeArtwork,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async run(batchId: string): Promise<BatchState['state'] | 'unknown'> {
    const { state } = await loadStream(this.store, batchStream(batchId), initialBatch, evolveBatch);
    if (!state.requested) return 'unknown';
    if (state.state === 'done' || state.state === 'failed') return state.state;
    const tenantId = state.tenantId ?? 1;
    const { ownerId, rows } = state.requested;
    return requestContext.run({ requestId: randomUUID(), tenantId, actorId: ownerId }, async () => {
      const step = (s: BatchStep) => this.commandBus.execute(new RecordBatchStepCommand(batchId, tenantId, ownerId, s));
      const user = await this.accounts.keyOwner(tenantId, ownerId);
      if (!user) {
        await step({ kind: 'start' });
        return (await step({ kind: 'finish', state: 'failed', reason: "The batch's owner can no longer sign in" })).state;
      }
      const started = await step({ kind: 'start' });
      let from = started.processed + 1;
      let created: { row: number; codeId: string }[] = [];
      let failed: BatchFailure[] = [];
      let warnings: BatchWarning[] = [];
      // The scan checks of codes made, in row order; a run is recorded once its own are done.
      const checks: Promise<BatchWarning | null>[] = [];
      const settle = async (keep: number) => {
        while (checks.length > keep) {
          const warning = await checks.shift();
          if (warning) warnings.push(warning);
        }
      };
      let since = Date.now();
      for (let row = from; row <= rows.length; row++) {
        const outcome = await this.makeRow(user, batchId, row, rows[row - 1]);
        if ('codeId' in outcome) {
          created.push(outcome);
          checks.push(this.scanWarning(user, row, outcome.codeId));
          await settle(SCAN_IN_FLIGHT);
        } else failed.push(outcome);
        if (row - from + 1 >= RUN_ROWS || Date.now() - since >= RUN_MS || row === rows.length) {
          await settle(0);
          await step({ kind: 'progress', from, to: row, created, failed, warnings });
          from = row + 1;
          created = [];
          failed = [];
          warnings = [];
          since = Date.now();
        }
      }
      return (await step({ kind: 'finish', state: 'done', reason: null })).state;
    });
  }

  /** One row: its own rules, then the create body's schema, then the create command. Refusals are the row's outcome. */
  async makeRow(user: AuthUser, batchId: string, row: number, raw: unknown): Promise<RowOutcome> {
    const shaped = batchRowToBody(raw);
    if ('message' in shaped) return { row, field: shaped.field, message: shaped.message };
    const parsed = codeInputSchema().safeParse(shaped.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? String(issue.path[0]) : null;
      return { row, field: field && (ROW_FIELD[field] ?? field), message: issue?.message ?? 'Invalid row' };
    }
    try {
      const tags = checkTags(shaped.tags);
      const code = await this.commandBus.execute(CreateQrCodeCommand.from(user, parsed.data, null, `batch:${batchId}:${row}`));
      // Tagged after it is made (a resumed row is made once and tagged again: the same tags change nothing).
      if (tags.length) await this.commandBus.execute(new SetCodeTagsCommand(user, code.id, tags, undefined));
      return { row, codeId: code.id };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const field = Object.keys(error.fields ?? {})[0] ?? (error.code === 'forbidden' ? 'dynamic' : null);
      if (error.code !== 'invalid' && error.code !== 'forbidden' && error.code !== 'conflict')
        this.logger.warn(`Batch ${batchId} row ${row}: ${error.message}`);
      return { row, field: field && (ROW_FIELD[field] ?? field), message: error.message };
    }
  }

  /**
   * Issue 35: would the row's code scan once printed? Checked as drawn (its style, logo and frame) through the render
   * pool, so the worker's event loop only waits. A pool still busy after a few tries, or any failure of the check,
   * leaves the row named as unchecked: the code is made either way, and the check never stops a batch.
   */
  async scanWarning(user: AuthUser, row: number, codeId: string): Promise<BatchWarning | null> {
    try {
      const item = await this.artwork.of(user, codeId);
      if (!item) return null;
      for (let attempt = 1; ; attempt++) {
        try {
          const message = scanWarningMessage(await this.artwork.scan(item));
          return message ? { row, codeId, message } : null;
        } catch (error) {
          if (!(error instanceof RenderError) || attempt >= SCAN_TRIES) throw error;
          await sleep(SCAN_RETRY_MS * attempt);
        }
      }
    } catch (error) {
      this.logger.warn(`Batch row ${row}: scan check not done: ${(error as Error).message}`);
      return { row, codeId, message: SCAN_NOT_CHECKED };
    }
  }
}
