import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { csvRecords } from '@qrsharks/qr-core';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../accounts';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { decideRequest, evolveBatch, initialBatch } from './batch';
import { batchStream } from './batch.events';
import { BatchQueue } from './batch-queue';
import type { CreatedBatchAnswer } from './batches.answers';
import { BATCHES_PROJECTION } from './batches.projection';
import { BATCH_ROWS_REQUIRED, type CreateBatch } from './batches.schemas';

/** POST /api/batches: BatchRequested on a new `batch-{id}` with its rows, then a job for the worker; 202 at once. */
export class CreateBatchCommand extends Command<CreatedBatchAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly name: string,
    readonly rows: Record<string, unknown>[],
  ) {
    super();
  }

  /** The JSON rows, or the CSV file's records (header row first); neither, or both: 400 on rows. */
  static from(user: AuthUser, body: CreateBatch, csv: string | null): CreateBatchCommand {
    if (body.rows && csv !== null) throw DomainError.invalid({ rows: 'Send rows or a CSV file, not both' });
    if (body.rows) return new CreateBatchCommand(user, body.name, body.rows);
    if (csv === null) throw DomainError.invalid({ rows: BATCH_ROWS_REQUIRED });
    try {
      return new CreateBatchCommand(user, body.name, csvRecords(csv));
    } catch (error) {
      throw DomainError.invalid({ file: (error as Error).message });
    }
  }
}

@CommandHandler(CreateBatchCommand)
export class CreateBatchHandler implements ICommandHandler<CreateBatchCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly queue: BatchQueue,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ user, name, rows }: CreateBatchCommand): Promise<CreatedBatchAnswer> {
    const batchId = randomUUID();
    await this.pipeline.run({
      stream: batchStream(batchId),
      initial: initialBatch,
      evolve: evolveBatch,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: [BATCHES_PROJECTION],
      decide: (state) =>
        decideRequest(state, { userId: user.id, tenantId: user.tenantId }, { batchId, name, rows }, this.env.BATCH_MAX_ROWS),
      answer: () => undefined,
    });
    // A job Redis loses is queued again by the queue's sweep (the batch is still queued in the read model).
    await this.queue.enqueue(batchId).catch(() => undefined);
    return { id: batchId };
  }
}
