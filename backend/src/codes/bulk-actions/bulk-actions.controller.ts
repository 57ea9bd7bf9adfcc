import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts';
import { AnswerOf, BodyOf } from '../../common/input';
import { codeResultsAnswer } from '../tags/tags.schemas';
import { BulkActionCommand } from './bulk-action.command';
import { bulkActionSchema, type BulkActionBody } from './bulk-actions.schemas';

/** Issue 35: react-admin's bulk actions on the dashboard's list. One result per id; one failure stops nothing. */
@Controller('api/dashboard')
@Authenticated()
export class BulkActionsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('codes/bulk')
  @HttpCode(200)
  @AnswerOf(codeResultsAnswer)
  bulk(@CurrentUser() user: AuthUser, @BodyOf(bulkActionSchema) body: BulkActionBody) {
    return this.commandBus.execute(new BulkActionCommand(user, body.ids, body.action, body.tag));
  }
}
