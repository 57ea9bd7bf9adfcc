import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { AnswerOf, BodyOf, IdParam, uuidId } from '../common/input';
import { API_KEY_NOT_FOUND } from './api-key';
import { CreateApiKeyCommand, RevokeApiKeyCommand } from './api-key.commands';
import { apiKeyAnswer, createdApiKeyAnswer, type ApiKeyAnswer, type CreatedApiKeyAnswer } from './api-keys.answers';
import { createApiKeySchema, type CreateApiKey } from './api-keys.schemas';
import { ApiKeysService } from './api-keys.service';

/** The owner's API keys (issue 34). Signed in with the session only: these routes are not in ROUTE_SCOPES, so keys are refused. */
@Controller('api/api-keys')
@Authenticated()
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly commands: CommandBus,
  ) {}

  @Get() @AnswerOf(apiKeyAnswer.array()) list(@CurrentUser() user: AuthUser): Promise<ApiKeyAnswer[]> {
    return this.keys.list(user);
  }

  @Post() @AnswerOf(createdApiKeyAnswer, 201) create(
    @CurrentUser() user: AuthUser,
    @BodyOf(createApiKeySchema) body: CreateApiKey,
  ): Promise<CreatedApiKeyAnswer> {
    return this.commands.execute(new CreateApiKeyCommand(user, body.name, body.scopes));
  }

  @Delete(':id') @HttpCode(204) revoke(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), API_KEY_NOT_FOUND) id: string,
  ): Promise<void> {
    return this.commands.execute(new RevokeApiKeyCommand(user, id));
  }
}
