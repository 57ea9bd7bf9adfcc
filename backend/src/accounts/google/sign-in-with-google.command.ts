import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { requestContext } from '../../common/request-context';
import { ENV, Env } from '../../config/env';
import { AccountsService, GoogleProfile } from '../accounts.service';
import type { AuthUser } from '../auth';
import { AccountError, decideLinkGoogle, decideRegister, decideReserveKey, isAdminEmail, USERNAME_TAKEN } from '../user';
import { UserEntity } from '../user.entity';
import { googleIdStream, usernameStream, userStream } from '../user.events';
import { UserStreams } from '../user-streams';

/** The end of Google's round trip (`profile` is what the strategy made of it, undefined when it failed). */
export class SignInWithGoogleCommand extends Command<void> {
  constructor(readonly profile: GoogleProfile | undefined, readonly req: Request, readonly res: Response, readonly configured: boolean) {
    super();
  }
}

/**
 * Finds the user by Google id, else by verified email (and links it), else creates one; then signs them in.
 * Signed in -> '/'; failed -> back to /auth with a message.
 */
@CommandHandler(SignInWithGoogleCommand)
export class SignInWithGoogleHandler implements ICommandHandler<SignInWithGoogleCommand> {
  constructor(private readonly streams: UserStreams, private readonly accounts: AccountsService, @Inject(ENV) private readonly env: Env) {}

  async execute({ profile, req, res, configured }: SignInWithGoogleCommand): Promise<void> {
    if (!configured) return res.redirect(302, '/auth/google');
    if (!profile) return res.redirect(302, `/auth?error=${encodeURIComponent('Google sign-in failed. Please try again.')}`);
    try {
      await this.signIn(profile, req);
    } catch (error) {
      if (error instanceof AccountError) return res.redirect(302, `/auth?error=${encodeURIComponent(error.message)}`);
      throw error;
    }
    res.redirect(302, '/');
  }

  private async signIn(profile: GoogleProfile, req: Request): Promise<AuthUser> {
    const tenantId = requestContext.currentOrSystem().tenantId;
    let row = await this.accounts.findActiveByGoogleId(tenantId, profile.googleId);
    if (!row && profile.email && profile.emailVerified) {
      row = await this.accounts.findActiveByUsername(tenantId, profile.email);
      if (row) await this.linkGoogle(row, tenantId, profile);
    }
    if (!row) {
      if (!profile.email) throw new AccountError('Your Google account has no email address', 400);
      const userId = randomUUID();
      const email = profile.email;
      const nameKey = await this.streams.loadKey(usernameStream(tenantId, email));
      const googleKey = await this.streams.loadKey(googleIdStream(tenantId, profile.googleId));
      await this.streams.appendAndWait(
        [
          { streamId: usernameStream(tenantId, email), events: decideReserveKey(nameKey.state, userId, USERNAME_TAKEN), expectedRevision: nameKey.revision },
          { streamId: googleIdStream(tenantId, profile.googleId), events: decideReserveKey(googleKey.state, userId, 'This Google account is already linked'), expectedRevision: googleKey.revision },
          {
            streamId: userStream(userId),
            events: decideRegister({ userId, tenantId, username: email, email, firstName: profile.firstName, lastName: profile.lastName, passwordHash: null, googleId: profile.googleId, admin: isAdminEmail(email, this.env.ADMIN_EMAILS) }),
            expectedRevision: 'no_stream',
          },
        ],
        userId,
        USERNAME_TAKEN,
      );
      row = (await this.accounts.findById(tenantId, userId))!;
    } else {
      await this.accounts.grantAdminIfListed(row);
    }
    return this.accounts.signIn(req, tenantId, row.id);
  }

  private async linkGoogle(row: UserEntity, tenantId: number, profile: GoogleProfile): Promise<void> {
    const loaded = await this.streams.loadUser(row.id);
    const googleKey = await this.streams.loadKey(googleIdStream(tenantId, profile.googleId));
    await this.streams.appendAndWait(
      [
        { streamId: googleIdStream(tenantId, profile.googleId), events: decideReserveKey(googleKey.state, row.id, 'This Google account is already linked'), expectedRevision: googleKey.revision },
        { streamId: userStream(row.id), events: decideLinkGoogle(loaded.state, row.id, profile.googleId, profile.email ?? row.email), expectedRevision: loaded.revision },
      ],
      row.id,
    );
  }
}
