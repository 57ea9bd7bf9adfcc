import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { decideEnsureDefault, evolveClient, initialClient } from './client';
import { clientStream, DEFAULT_CLIENT_ID } from './client.events';

export class EnsureDefaultClientCommand extends Command<void> {}

/**
 * Client 1, "QR Code Sharks", created on first start. Idempotent across restarts (the stream exists: nothing to do)
 * and concurrent starts (the loser's append at `no_stream` conflicts; its re-decision finds the client and appends nothing).
 */
@CommandHandler(EnsureDefaultClientCommand)
export class EnsureDefaultClientHandler implements ICommandHandler<EnsureDefaultClientCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute(): Promise<void> {
    const apiKey = `qrs_${randomBytes(24).toString('hex')}`;
    await this.pipeline.run({
      stream: clientStream(DEFAULT_CLIENT_ID),
      initial: initialClient,
      evolve: evolveClient,
      decide: (state) => decideEnsureDefault(state, apiKey),
      actor: { actorId: 'system', tenantId: DEFAULT_CLIENT_ID },
      answer: () => undefined,
    });
  }
}
