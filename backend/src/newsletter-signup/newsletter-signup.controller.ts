import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiQuery } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { BodyOf } from '../common/input';
import { ClientIp } from '../common/request-params';
import { NewsletterLinks } from './newsletter-links.command';
import { newsletterSignupSchema, type NewsletterSignup } from './newsletter-signup.schemas';
import { SubscribeToNewsletterCommand } from './subscribe-to-newsletter.command';

const TOKEN = { type: 'string', description: 'The signed token of the link (or in the query: ?token=…)' };
const tokenDocs = ApiQuery({ name: 'token', required: false, schema: { type: 'string' } });
const oneClickDocs = ApiConsumes('application/json', 'application/x-www-form-urlencoded');

@Controller('api')
export class NewsletterSignupController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly links: NewsletterLinks,
  ) {}

  @Post('newsletter-signup') @HttpCode(200) subscribe(@BodyOf(newsletterSignupSchema) body: NewsletterSignup, @ClientIp() ip: string) {
    return this.commandBus.execute(new SubscribeToNewsletterCommand(body.email, ip));
  }

  /** The confirmation mail's link opens /newsletter/confirm, whose page posts the token here (double opt-in). */
  @Post('newsletter/confirm')
  @HttpCode(200)
  @tokenDocs
  @ApiBody({ schema: { type: 'object', properties: { token: TOKEN } }, required: false })
  confirm(@Query('token') queryToken: unknown, @Body() body: unknown) {
    return this.links.confirm(tokenOf(queryToken, body));
  }

  /**
   * RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to the List-Unsubscribe URL (the token in the
   * query); the unsubscribe page posts `{ token }`. No sign-in: the signature is the authority.
   */
  @Post('newsletter/unsubscribe')
  @HttpCode(200)
  @tokenDocs
  @oneClickDocs
  @ApiBody({
    schema: { type: 'object', properties: { token: TOKEN, 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
    required: false,
  })
  unsubscribe(@Query('token') queryToken: unknown, @Body() body: unknown) {
    const oneClick = typeof body === 'object' && body !== null && (body as Record<string, unknown>)['List-Unsubscribe'] === 'One-Click';
    return this.links.unsubscribe(tokenOf(queryToken, body), oneClick ? 'one-click' : 'page');
  }
}

function tokenOf(queryToken: unknown, body: unknown): unknown {
  if (typeof queryToken === 'string' && queryToken) return queryToken;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>).token : undefined;
}
