import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { PERSONAL_DATA_KEYS, STREAM_NAMES } from '../../event-store/event-store.module';
import { erasureStream, PERSONAL_DATA_ERASED, type PersonalDataErased } from '../../event-store/personal-data/personal-data-erased';
import type { PersonalDataKeys } from '../../event-store/personal-data/personal-data-keys';
import type { StreamNames } from '../../event-store/personal-data/stream-names';
import { emailSubject } from '../../event-store/personal-data/personal-data-registry';
import { AccountsService } from '../model/accounts.service';
import { adminRegistryAppend, LAST_ADMIN_DELETE } from '../roles/admin-registry';
import { verifyPassword } from '../registration/passwords';
import { loadKey } from '../model/key-streams';
import { decideDelete, decideReleaseKey, evolveUser, initialUser } from '../model/user';
import { googleIdStreams, usernameStreams, userStream } from '../model/user.events';
import { ACCOUNT_CONTENT, USERS_PROJECTION } from '../model/users.projection';

export class DeleteAccountCommand extends Command<{ message: string }> {
  /** `password` / `confirmation`: what the person typed to confirm (decideDelete says which one the account needs). */
  constructor(readonly account: { userId: string; password?: string; confirmation?: string }) {
    super();
  }
}

/**
 * Soft delete (UserDeleted) and, in the same append, the release of the user's username and Google id and the record
 * of the erasure of the person's personal data (issue 32 item 2): `PersonalDataErased` for `user:{id}` (its own key
 * and its codes') and for `email:{tenantId}:{hash}` of its address (its newsletter subscription's, contact messages'
 * and payments' keys on this tenant). Once appended, the keys are erased at once here (the privacy projection erases
 * them again on every replay). The answer waits (bounded) until the account's codes stopped too.
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly accounts: AccountsService,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
    @Inject(STREAM_NAMES) private readonly names: StreamNames,
  ) {}

  async execute({ account: { userId, password, confirmation } }: DeleteAccountCommand): Promise<{ message: string }> {
    let erased: string[] = [];
    const answer = await this.pipeline.execute({
      waitFor: [USERS_PROJECTION, ACCOUNT_CONTENT],
      plan: async (ctx) => {
        const user = await ctx.load(userStream(userId), initialUser, evolveUser);
        // argon2 is I/O: verified here (only when a password was given), the decision only records the outcome.
        const passwordValid = password !== undefined && (await verifyPassword(user.state.passwordHash, password));
        const events = decideDelete(user.state, userId, { password, passwordValid, confirmation });
        // The last admin of a tenant cannot leave it without one (409), decided against the admin registry like a revoke.
        const registry = await adminRegistryAppend(ctx, (clientId) => this.accounts.adminIds(clientId), {
          userId,
          before: user.state,
          after: events.reduce(evolveUser, user.state),
          refusal: LAST_ADMIN_DELETE,
        });
        // Releasing the keys lets the person sign up again later with the same email (a new user id). A key held in its
        // legacy stream (a plain name, before issue 32) is released in its hashed stream, which continues it: both
        // names are free after, and the legacy one is never appended to (nor created).
        const keyStreams = [
          usernameStreams(this.names, user.state.tenantId, user.state.username),
          ...(user.state.googleId ? [googleIdStreams(this.names, user.state.tenantId, user.state.googleId)] : []),
        ];
        const keys = await Promise.all(keyStreams.map((names) => loadKey(ctx, names)));
        erased = [`user:${userId}`, emailSubject((kind, address) => this.keys.hash(kind, address), user.state.tenantId, user.state.email)];
        const erasures = erased.map((subject) => ({
          streamId: erasureStream(subject),
          expectedRevision: 'any' as const,
          events: [{ type: PERSONAL_DATA_ERASED, data: { subject, reason: 'account-deleted' } satisfies PersonalDataErased }],
        }));
        return {
          appends: [
            { streamId: userStream(userId), events },
            ...keys.map((key) => ({ streamId: key.streamId, events: decideReleaseKey(key.state, userId) })),
            ...registry,
            ...erasures,
          ],
          answer: () => ({ message: 'Account deleted' }),
        };
      },
    });
    for (const subject of erased) await this.keys.erase(subject);
    return answer;
  }
}
