import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts';
import { AnswerOf, BodyOf } from '../../common/input';
import { ActivateTrialCommand } from './activate-trial.command';
import {
  activateTrialSchema,
  trialActivatedAnswer,
  trialStatusAnswer,
  type ActivateTrialBody,
  type TrialActivatedAnswer,
  type TrialStatusAnswer,
} from './trial.schemas';
import { TrialService } from './trial.service';

@Controller('api')
@Authenticated()
export class TrialController {
  constructor(
    private readonly trial: TrialService,
    private readonly commandBus: CommandBus,
  ) {}

  @Get('trial-status')
  @AnswerOf(trialStatusAnswer)
  status(@CurrentUser() user: AuthUser): Promise<TrialStatusAnswer> {
    return this.trial.status(user);
  }

  @Post('activate-trial')
  @HttpCode(200)
  @AnswerOf(trialActivatedAnswer)
  activate(@CurrentUser() user: AuthUser, @BodyOf(activateTrialSchema) body: ActivateTrialBody): Promise<TrialActivatedAnswer> {
    return this.commandBus.execute(new ActivateTrialCommand(user, body.email));
  }
}
