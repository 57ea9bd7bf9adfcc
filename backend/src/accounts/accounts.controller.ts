import { Body, Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { AccountsService } from './accounts.service';
import { Authenticated, AuthUser, CurrentUser } from './auth';
import { ChangePasswordCommand } from './change-password.command';
import { DeleteAccountCommand } from './delete-account.command';
import { LogInUserCommand } from './log-in-user.command';
import { RegisterUserCommand } from './register-user.command';
import { UpdateUserNameCommand } from './update-user-name.command';

/** The account calls exactly as the specs name them (core spec section 7, website spec section 7). */
@Controller('api')
export class AccountsController {
  constructor(private readonly accounts: AccountsService, private readonly commandBus: CommandBus) {}

  @Post('register') @HttpCode(200) register(@Body() body: unknown, @Req() req: Request) { return this.commandBus.execute(new RegisterUserCommand(body, req)); }

  @Post('login') @HttpCode(200) login(@Body() body: unknown, @Req() req: Request) { return this.commandBus.execute(new LogInUserCommand(body, req)); }

  @Post('logout') @HttpCode(200) logout(@Req() req: Request) { return this.accounts.logout(req); }

  @Get('user') @Authenticated() user(@CurrentUser() user: AuthUser) { return user; }

  @Put('update-name') @Authenticated() updateName(@CurrentUser() user: AuthUser, @Body() body: unknown) { return this.commandBus.execute(new UpdateUserNameCommand(user, body)); }

  @Post('change-password') @HttpCode(200) @Authenticated() changePassword(@CurrentUser() user: AuthUser, @Body() body: unknown, @Req() req: Request) { return this.commandBus.execute(new ChangePasswordCommand(user, body, req)); }

  @Post('delete-account') @HttpCode(200) @Authenticated() deleteAccount(@CurrentUser() user: AuthUser, @Req() req: Request) { return this.commandBus.execute(new DeleteAccountCommand(user, req)); }
}
