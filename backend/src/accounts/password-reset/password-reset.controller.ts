import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswerOf, BodyOf } from '../../common/input';
import { messageAnswer, type MessageAnswer } from '../accounts.answers';
import { ClientIp, Tenant } from '../../common/request-params';
import { ForgotPasswordBody, forgotPasswordSchema, ResetPasswordBody, resetPasswordSchema } from '../account.schemas';
import { RequestPasswordResetCommand, ResetPasswordCommand } from './password-reset.command';

/** 'Forgot my password' on the auth page: ask for a link (same answer for every address), then set the password with it. */
@Controller('api')
export class PasswordResetController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('forgot-password') @HttpCode(200) @AnswerOf(messageAnswer) forgot(
    @BodyOf(forgotPasswordSchema) body: ForgotPasswordBody,
    @Tenant() tenantId: number,
    @ClientIp() ip: string,
  ): Promise<MessageAnswer> {
    return this.commandBus.execute(new RequestPasswordResetCommand({ tenantId, ip, email: body.email }));
  }

  @Post('reset-password') @HttpCode(200) @AnswerOf(messageAnswer) reset(
    @BodyOf(resetPasswordSchema) body: ResetPasswordBody,
    @Tenant() tenantId: number,
    @ClientIp() ip: string,
  ): Promise<MessageAnswer> {
    return this.commandBus.execute(new ResetPasswordCommand({ tenantId, ip, token: body.token, password: body.password }));
  }
}
