import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { CommandPipeline, loadStream, type Plan, type PlanContext } from '../../command-pipeline/command-pipeline';
import { CONCURRENT_CHANGE, DomainError } from '../../common/domain-error';
import { ENV, Env } from '../../config/env';
import { STREAM_NAMES } from '../../event-store/event-store.module';
import type { StreamNames } from '../../event-store/personal-data/stream-names';
import type { SignedIn } from '../model/auth-user';
import { newVerification } from '../email-verification/email-verification';
import {
  decideGoogleSignIn,
  decideRegister,
  decideReserveKey,
  decideSignIn,
  evolveAccount,
  evolveUser,
  GOOGLE_ID_TAKEN,
  googleAccount,
  initialAccount,
  isAdminEmail,
  signedInAs,
  USERNAME_TAKEN,
} from '../model/user';
import { loadKey } from '../model/key-streams';
import { googleIdStreams, usernameStreams, userStream } from '../model/user.events';
import { USERS_PROJECTION } from '../model/users.projection';
import type { GoogleProfile } from './google.strategy';

/** The end of Google's round trip: the profile the strategy made of it, on the request's tenant. */
export class SignInWithGoogleCommand extends Command<SignedIn> {
  constructor(readonly signIn: { tenantId: number; profile: GoogleProfile }) {
    super();
  }
}

/** A re-resolution happened between the look-up and the decision (see execute). */
const MOVED = Symbol('moved');

/**
 * Finds the user by Google id, else by verified email (and links it: UserSignedInWithGoogle + the Google id's
 * reservation), else creates one (username and Google id reserved with UserRegistered in one append). Issue 27: an
 * account whose address nobody had proven is verified by Google's word and its password removed (decideGoogleSignIn).
 */
@CommandHandler(SignInWithGoogleCommand)
export class SignInWithGoogleHandler implements ICommandHandler<SignInWithGoogleCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
    @Inject(STREAM_NAMES) private readonly names: StreamNames,
  ) {}

  /**
   * Events carry the user as their actor, and the pipeline fixes the actor before it loads: so the user is looked up
   * first, and the plan decides only if its own (fresh, revision-checked) look-up names the same user; otherwise the
   * account changed in between (a concurrent sign-up or link) and the whole thing starts again.
   */
  async execute({ signIn: { tenantId, profile } }: SignInWithGoogleCommand): Promise<SignedIn> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const store = this.pipeline.store;
      const expected = await this.resolve(tenantId, profile, {
        load: (streamId, initial, evolve) => loadStream(store, streamId, initial, evolve),
      });
      const userId = expected?.userId ?? randomUUID();
      const nameStream = profile.email ? usernameStreams(this.names, tenantId, profile.email).stream : null;
      const answer = await this.pipeline.execute<SignedIn | typeof MOVED>({
        actor: { actorId: userId, tenantId },
        waitFor: [USERS_PROJECTION],
        onConflict: (conflict) => (conflict.streamId === nameStream ? DomainError.conflict(USERNAME_TAKEN) : true),
        plan: async (ctx) => {
          const found = await this.resolve(tenantId, profile, ctx);
          if ((found?.userId ?? null) !== (expected?.userId ?? null)) return { appends: [], answer: () => MOVED };
          return found ? this.existing(ctx, tenantId, profile, found) : this.create(ctx, tenantId, profile, userId);
        },
      });
      if (answer !== MOVED) return answer;
    }
    throw new DomainError('conflict', CONCURRENT_CHANGE);
  }

  /** Each key as its hashed stream continuing its legacy one says (loadKey). */
  private async resolve(tenantId: number, profile: GoogleProfile, ctx: Pick<PlanContext, 'load'>) {
    const googleKey = (await loadKey(ctx, googleIdStreams(this.names, tenantId, profile.googleId))).state;
    const emailKey =
      profile.email && profile.emailVerified && !googleKey.heldBy
        ? (await loadKey(ctx, usernameStreams(this.names, tenantId, profile.email))).state
        : null;
    return googleAccount(googleKey, emailKey, profile.emailVerified);
  }

  /** Signs in the user holding the Google id, or links the verified email's account to it first. */
  private async existing(
    ctx: PlanContext,
    tenantId: number,
    profile: GoogleProfile,
    found: { userId: string; link: boolean },
  ): Promise<Plan<SignedIn>> {
    const { userId, link } = found;
    const account = await ctx.load(userStream(userId), initialAccount, evolveAccount);
    // Issue 27: joins an account only when Google vouches for its own address; an address nobody had proven becomes
    // verified and loses the password its registrant chose (PasswordRemoved ends every other session).
    const googleEvents = decideGoogleSignIn(account.state.user, userId, profile, link);
    const linked = googleEvents.reduce(evolveUser, account.state.user);
    const events = [...googleEvents, ...decideSignIn(linked, userId, true, isAdminEmail(linked.email, this.env.ADMIN_EMAILS))];
    const endsOtherSessions = googleEvents.some((event) => event.type === 'PasswordRemoved');
    const googleKey = link ? await loadKey(ctx, googleIdStreams(this.names, tenantId, profile.googleId)) : null;
    const keyEvents = googleKey ? decideReserveKey(googleKey.state, userId, GOOGLE_ID_TAKEN) : [];
    return {
      appends: [{ streamId: userStream(userId), events }, ...(googleKey ? [{ streamId: googleKey.streamId, events: keyEvents }] : [])],
      answer: () => ({
        ...signedInAs(userId, events.reduce(evolveAccount, account.state)),
        ...(endsOtherSessions ? { endsOtherSessions } : {}),
      }),
    };
  }

  /** A new account named by its email; its username and Google id reserved in the same append. */
  private async create(ctx: PlanContext, tenantId: number, profile: GoogleProfile, userId: string): Promise<Plan<SignedIn>> {
    const email = profile.email;
    if (!email) throw DomainError.invalid('Your Google account has no email address');
    const nameKey = await loadKey(ctx, usernameStreams(this.names, tenantId, email));
    const googleKey = await loadKey(ctx, googleIdStreams(this.names, tenantId, profile.googleId));
    // An email held by an account Google did not verify is not linked: the name is taken.
    const nameEvents = decideReserveKey(nameKey.state, userId, USERNAME_TAKEN);
    const googleEvents = decideReserveKey(googleKey.state, userId, GOOGLE_ID_TAKEN);
    const admin = isAdminEmail(email, this.env.ADMIN_EMAILS);
    const userEvents = decideRegister({
      userId,
      tenantId,
      username: email,
      email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      passwordHash: null,
      googleId: profile.googleId,
      emailVerified: profile.emailVerified,
      verification: newVerification(randomUUID(), new Date()),
      admin,
    });
    return {
      appends: [
        { streamId: nameKey.streamId, events: nameEvents },
        { streamId: googleKey.streamId, events: googleEvents },
        { streamId: userStream(userId), events: userEvents, expectedRevision: 'no_stream' },
      ],
      answer: () => signedInAs(userId, userEvents.reduce(evolveAccount, initialAccount)),
    };
  }
}
