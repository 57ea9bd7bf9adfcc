import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CreateApiKeyHandler, RevokeApiKeyHandler } from './api-key.commands';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyRateLimit } from './api-key-rate-limit';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysProjection } from './api-keys.projection';
import { ApiKeysService } from './api-keys.service';

/** The owners' API keys and the bearer guard every route passes (issue 34). */
@Module({
  controllers: [ApiKeysController],
  providers: [
    ApiKeysProjection,
    ApiKeysService,
    ApiKeyRateLimit,
    CreateApiKeyHandler,
    RevokeApiKeyHandler,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
  ],
})
export class ApiKeysModule {}
