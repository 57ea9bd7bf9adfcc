import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswerOf, BodyOf } from '../../common/input';
import { messageAnswer, type MessageAnswer } from '../accounts.answers';
import { ClientIp, Tenant } from '../../common/request-params';
import { VerifyEmailBody, verifyEmailSchema } from '../account.schemas';
import { Authenticated, AuthUser, CurrentUser } from '../sessions/auth';
import { ResendVerificationCommand, VerifyEmailCommand } from './email-verification.command';

/** Issue 27: the address is proven by a mailed link; the banner of an unverified account asks for a new one. */
@Controller('api')
export class EmailVerificationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('resend-verification') @HttpCode(200) @Authenticated() @AnswerOf(messageAnswer) resend(
    @CurrentUser() user: AuthUser,
  ): Promise<MessageAnswer> {
    return this.commandBus.execute(new ResendVerificationCommand({ tenantId: user.tenantId, userId: user.id }));
  }

  @Post('verify-email') @HttpCode(200) @AnswerOf(messageAnswer) verify(
    @BodyOf(verifyEmailSchema) body: VerifyEmailBody,
    @Tenant() tenantId: number,
    @ClientIp() ip: string,
  ): Promise<MessageAnswer> {
    return this.commandBus.execute(new VerifyEmailCommand({ tenantId, ip, token: body.token }));
  }
}
