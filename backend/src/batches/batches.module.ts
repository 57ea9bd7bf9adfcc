import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { ENV, Env } from '../config/env';
import { CreateBatchHandler } from './batch.commands';
import { RecordBatchStepHandler } from './batch-step.command';
import { BATCH_QUEUE, BatchQueue } from './batch-queue';
import { BatchRunner } from './batch-runner';
import { BatchesController } from './batches.controller';
import { CodeExports } from './code-exports';
import { CodeExportsController } from './code-exports.controller';
import { BatchesProjection } from './batches.projection';
import { BatchesQuery } from './batches.query';

/**
 * Batches (issue 35): the owners' routes and read model, and the worker's side: the `batches` queue and the runner,
 * which makes each row through the codes feature's create command. Bull's connection and key prefix are the product's
 * (mail's BullModule.forRootAsync).
 */
@Module({
  imports: [
    BullModule.registerQueueAsync({
      name: BATCH_QUEUE,
      inject: [ENV],
      useFactory: (env: Env) => ({
        settings: { lockDuration: env.BATCH_JOB_LOCK_MS, lockRenewTime: Math.floor(env.BATCH_JOB_LOCK_MS / 2), maxStalledCount: 10 },
      }),
    }),
  ],
  controllers: [BatchesController, CodeExportsController],
  providers: [BatchesProjection, BatchesQuery, CreateBatchHandler, RecordBatchStepHandler, BatchRunner, BatchQueue, CodeExports],
})
export class BatchesModule {}
