import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { AnswerOf, BodyOf, QueryOrBodyOf } from '../common/input';
import { ClientIp } from '../common/request-params';
import { ConfirmNewsletterSubscriptionCommand } from './confirm-newsletter-subscription.command';
import {
  confirmLinkSchema,
  newsletterSignupSchema,
  unsubscribeLinkSchema,
  type ConfirmLink,
  type NewsletterSignup,
  type UnsubscribeLink,
} from './newsletter-signup.schemas';
import {
  newsletterConfirmedAnswer,
  newsletterSignupAnswer,
  newsletterUnsubscribedAnswer,
  type NewsletterConfirmedAnswer,
  type NewsletterSignupAnswer,
  type NewsletterUnsubscribedAnswer,
} from './newsletter-signup.answers';
import { SubscribeToNewsletterCommand } from './subscribe-to-newsletter.command';
import { UnsubscribeFromNewsletterCommand } from './unsubscribe-from-newsletter.command';

@Controller('api')
export class NewsletterSignupController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('newsletter-signup') @HttpCode(200) @AnswerOf(newsletterSignupAnswer) subscribe(
    @BodyOf(newsletterSignupSchema) body: NewsletterSignup,
    @ClientIp() ip: string,
  ): Promise<NewsletterSignupAnswer> {
    return this.commandBus.execute(new SubscribeToNewsletterCommand(body.email, ip));
  }

  /** The confirmation mail's link opens /newsletter/confirm, whose page posts the token here (double opt-in). */
  @Post('newsletter/confirm') @HttpCode(200) @AnswerOf(newsletterConfirmedAnswer) confirm(
    @QueryOrBodyOf(confirmLinkSchema) link: ConfirmLink,
  ): Promise<NewsletterConfirmedAnswer> {
    return this.commandBus.execute(new ConfirmNewsletterSubscriptionCommand(link.token));
  }

  /**
   * RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to the List-Unsubscribe URL (the token in the
   * query); the unsubscribe page posts `{ token }`. No sign-in: the signature is the authority.
   */
  @Post('newsletter/unsubscribe')
  @HttpCode(200)
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @AnswerOf(newsletterUnsubscribedAnswer)
  unsubscribe(@QueryOrBodyOf(unsubscribeLinkSchema) link: UnsubscribeLink): Promise<NewsletterUnsubscribedAnswer> {
    const via = link['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'page';
    return this.commandBus.execute(new UnsubscribeFromNewsletterCommand(link.token, via));
  }
}
