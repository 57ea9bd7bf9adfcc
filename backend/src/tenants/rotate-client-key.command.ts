import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { decideRotateKey, evolveClient, initialClient } from './client';
import { clientStream } from './client.events';
import { assertStaff, type StaffActor, ClientDto, stateToDto } from './clients.service';
import { CLIENTS_PROJECTION } from './clients.projection';

/** A new API key for a client (staff console: the key's rotate button); the old key stops working at once. */
export class RotateClientKeyCommand extends Command<ClientDto> {
  constructor(
    readonly actor: StaffActor,
    readonly clientId: number,
  ) {
    super();
  }
}

export const newApiKey = () => `qrs_${randomBytes(24).toString('hex')}`;

@CommandHandler(RotateClientKeyCommand)
export class RotateClientKeyHandler implements ICommandHandler<RotateClientKeyCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ actor, clientId }: RotateClientKeyCommand): Promise<ClientDto> {
    assertStaff(actor);
    const apiKey = newApiKey();
    return this.pipeline.run({
      stream: clientStream(clientId),
      initial: initialClient,
      evolve: evolveClient,
      actor: { actorId: actor.id, tenantId: clientId },
      waitFor: [CLIENTS_PROJECTION],
      decide: (state) => decideRotateKey(state, clientId, apiKey),
      answer: (state) => stateToDto(clientId, state),
    });
  }
}
