import { Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { AnswerOf, BodyOf } from '../common/input';
import { messageAnswer, sessionAnswer, userAnswer, type MessageAnswer, type SessionAnswer, type UserAnswer } from './accounts.answers';
import { ClientIp, Tenant } from '../common/request-params';
import {
  ChangePasswordBody,
  changePasswordSchema,
  DeleteAccountBody,
  deleteAccountSchema,
  LoginBody,
  loginSchema,
  RegisterBody,
  registerSchema,
  UpdateNameBody,
  updateNameSchema,
} from './account.schemas';
import { AccountsService } from './model/accounts.service';
import { Authenticated, AuthUser, CurrentUser } from './sessions/auth';
import { ChangePasswordCommand } from './settings/change-password.command';
import { DeleteAccountCommand } from './settings/delete-account.command';
import { DeviceToken } from './sessions/device-cookies';
import { LogInUserCommand } from './sessions/log-in-user.command';
import { RegisterUserCommand } from './registration/register-user.command';
import { SessionsService } from './sessions/sessions.service';
import { UpdateUserNameCommand } from './settings/update-user-name.command';

/**
 * The account calls exactly as the specs name them (core spec section 7, website spec section 7). The commands are
 * plain values; the session around them (sign in, renew, end) is the SessionsService's.
 */
@Controller('api')
export class AccountsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly sessions: SessionsService,
    private readonly accounts: AccountsService,
  ) {}

  @Post('register') @HttpCode(200) @AnswerOf(userAnswer) register(
    @BodyOf(registerSchema) body: RegisterBody,
    @Tenant() tenantId: number,
    @ClientIp() ip: string,
    @Req() req: Request,
  ): Promise<UserAnswer> {
    return this.sessions.signInAfter(req, this.commandBus.execute(new RegisterUserCommand({ ...body, tenantId, ip })));
  }

  @Post('login') @HttpCode(200) @AnswerOf(userAnswer) login(
    @BodyOf(loginSchema) body: LoginBody,
    @Tenant() tenantId: number,
    @ClientIp() ip: string,
    @DeviceToken() device: string | null,
    @Req() req: Request,
  ): Promise<UserAnswer> {
    return this.sessions.signInAfter(req, this.commandBus.execute(new LogInUserCommand({ ...body, tenantId, ip, device })));
  }

  @Post('logout') @HttpCode(200) @AnswerOf(messageAnswer) logout(@Req() req: Request): Promise<MessageAnswer> {
    return this.sessions.logout(req);
  }

  @Get('user') @Authenticated() @AnswerOf(userAnswer) user(@CurrentUser() user: AuthUser): UserAnswer {
    return user;
  }

  /** The session for pages that work signed in or out: 200 `{ user }`, null when signed out (no 401 to log). */
  @Get('session') @AnswerOf(sessionAnswer) async session(@Req() req: Request): Promise<SessionAnswer> {
    return { user: await this.accounts.authenticate(req) };
  }

  @Put('update-name') @Authenticated() @AnswerOf(userAnswer) updateName(
    @CurrentUser() user: AuthUser,
    @BodyOf(updateNameSchema) body: UpdateNameBody,
  ): Promise<UserAnswer> {
    return this.commandBus.execute(new UpdateUserNameCommand({ userId: user.id, ...body }));
  }

  @Post('change-password') @HttpCode(200) @Authenticated() @AnswerOf(messageAnswer) changePassword(
    @CurrentUser() user: AuthUser,
    @BodyOf(changePasswordSchema) body: ChangePasswordBody,
    @Req() req: Request,
  ): Promise<MessageAnswer> {
    return this.sessions.renewAfter(
      req,
      this.commandBus.execute(
        new ChangePasswordCommand({ userId: user.id, currentPassword: body.currentPassword, newPassword: body.newPassword }),
      ),
    );
  }

  @Post('delete-account') @HttpCode(200) @Authenticated() @AnswerOf(messageAnswer) deleteAccount(
    @CurrentUser() user: AuthUser,
    @BodyOf(deleteAccountSchema) body: DeleteAccountBody,
    @Req() req: Request,
  ): Promise<MessageAnswer> {
    const command = new DeleteAccountCommand({ userId: user.id, password: body.password, confirmation: body.confirmation });
    return this.sessions.endAllAfter(req, user.id, this.commandBus.execute(command));
  }
}
