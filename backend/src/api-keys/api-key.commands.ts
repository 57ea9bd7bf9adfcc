import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../accounts';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { ENV, Env } from '../config/env';
import { decideCreateKey, decideRevokeKey, evolveApiKeys, initialApiKeys } from './api-key';
import { apiKeysStream, type ApiKeyScope } from './api-key.events';
import { newKey } from './api-key-secret';
import type { CreatedApiKeyAnswer } from './api-keys.answers';
import { API_KEYS_PROJECTION } from './api-keys.projection';

/** POST /api/api-keys: a new key for the signed-in owner, shown once in the answer. */
export class CreateApiKeyCommand extends Command<CreatedApiKeyAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly name: string,
    readonly scopes: ApiKeyScope[],
  ) {
    super();
  }
}

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ user, name, scopes }: CreateApiKeyCommand): Promise<CreatedApiKeyAnswer> {
    const { key, keyHash, prefix } = newKey();
    const created = { keyId: randomUUID(), ownerId: user.id, name, scopes, prefix, keyHash };
    return this.pipeline.run({
      stream: apiKeysStream(user.id),
      initial: initialApiKeys(),
      evolve: evolveApiKeys,
      actor: { actorId: user.id, tenantId: user.tenantId },
      // The bearer guard finds keys in the read model: the key works as soon as the answer shows it.
      waitFor: [API_KEYS_PROJECTION],
      decide: (state) => decideCreateKey(state, created, this.env.API_KEYS_PER_USER),
      answer: (_state, committed) => ({
        id: created.keyId,
        name,
        scopes,
        prefix,
        key,
        createdAt: [...committed.streams.values()][0]?.events[0]?.metadata.occurredAt ?? new Date().toISOString(),
      }),
    });
  }
}

/** DELETE /api/api-keys/{id}: the key stops working at once (the guard reads the owner's stream on every call). */
export class RevokeApiKeyCommand extends Command<void> {
  constructor(
    readonly user: AuthUser,
    readonly keyId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ user, keyId }: RevokeApiKeyCommand): Promise<void> {
    await this.pipeline.run({
      stream: apiKeysStream(user.id),
      initial: initialApiKeys(),
      evolve: evolveApiKeys,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: [API_KEYS_PROJECTION],
      decide: (state) => decideRevokeKey(state, user.id, keyId),
      answer: () => undefined,
    });
  }
}
