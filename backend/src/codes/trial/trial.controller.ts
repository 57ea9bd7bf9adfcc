import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts/auth';
import { TrialService } from './trial.service';

@Controller('api')
@Authenticated()
export class TrialController {
  constructor(private readonly trial: TrialService) {}

  @Get('trial-status')
  status(@CurrentUser() user: AuthUser) {
    return this.trial.status(user);
  }

  @Post('activate-trial')
  @HttpCode(200)
  activate(@CurrentUser() user: AuthUser, @Body() body: Record<string, unknown>) {
    return this.trial.activate(user, body);
  }
}
