import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { decideFinish, decideProgress, decideStart, evolveBatch, initialBatch, type BatchState } from './batch';
import { batchStream, type BatchFailure, type BatchWarning } from './batch.events';

/** The worker's writes on a batch (BatchStarted, BatchRowsProcessed, BatchFinished): one command, three decisions. */
export type BatchStep =
  | { kind: 'start' }
  | {
      kind: 'progress';
      from: number;
      to: number;
      created: { row: number; codeId: string }[];
      failed: BatchFailure[];
      warnings: BatchWarning[];
    }
  | { kind: 'finish'; state: 'done' | 'failed'; reason: string | null };

export class RecordBatchStepCommand extends Command<BatchState> {
  constructor(
    readonly batchId: string,
    readonly tenantId: number,
    readonly actorId: string,
    readonly step: BatchStep,
  ) {
    super();
  }
}

@CommandHandler(RecordBatchStepCommand)
export class RecordBatchStepHandler implements ICommandHandler<RecordBatchStepCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ batchId, tenantId, actorId, step }: RecordBatchStepCommand): Promise<BatchState> {
    return this.pipeline.run({
      stream: batchStream(batchId),
      initial: initialBatch,
      evolve: evolveBatch,
      actor: { actorId, tenantId },
      decide: (state) =>
        step.kind === 'start' ? decideStart(state) : step.kind === 'progress' ? decideProgress(state, step) : decideFinish(state, step),
      answer: (state) => state,
    });
  }
}
