import { Controller, Get, Logger, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ErrorAnswers, PageAnswer, RedirectAnswer } from '../../common/input';
import { Tenant } from '../../common/request-params';
import { SessionsService } from '../sessions/sessions.service';
import { GoogleAuthGuard } from './google-auth.guard';
import { SignInWithGoogleCommand } from './sign-in-with-google.command';

// A plain sentence for visitors; which settings are missing goes to the log (issue 15), not to the page.
const NOT_CONFIGURED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Google sign-in is not available</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<h1>Google sign-in is not available</h1>
<p>Signing in with Google is not available on this site yet.</p>
<p>Please <a href="/auth">sign in with your email and password</a> instead.</p>
</body></html>`;

const logger = new Logger('GoogleSignIn');
let notConfiguredLogged = false;

/** GET /auth/google (full browser navigation from the auth page) and Google's callback. */
@Controller('auth/google')
export class GoogleController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly sessions: SessionsService,
  ) {}

  @Get()
  @UseGuards(GoogleAuthGuard)
  @RedirectAnswer("To Google's consent screen (the state in a signed cookie)")
  @PageAnswer(503, 'Google sign-in is not configured on this server: a page that says so and links to /auth')
  @ErrorAnswers({ 429: 'Too many Google sign-ins from this network' })
  start(@Res() res: Response) {
    if (!notConfiguredLogged) {
      notConfiguredLogged = true;
      logger.warn('GET /auth/google: Google sign-in is not configured (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)');
    }
    res.status(503).type('html').send(NOT_CONFIGURED_PAGE);
  }

  @Get('callback')
  @UseGuards(GoogleAuthGuard)
  @RedirectAnswer(
    'To / once signed in (a new session cookie); to /auth?error={message} when Google refused or the sign-in failed; ' +
      'to /auth/google when Google sign-in is not configured',
  )
  callback(@Req() req: Request, @Res() res: Response, @Tenant() tenantId: number) {
    return this.sessions.redirectAfterGoogle(req, res, (profile) =>
      this.commandBus.execute(new SignInWithGoogleCommand({ tenantId, profile })),
    );
  }
}
