import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Request } from 'express';
import { requestContext } from '../common/request-context';
import { loginSchema } from './account.schemas';
import { AccountsService, INVALID_CREDENTIALS } from './accounts.service';
import type { AuthUser } from './auth';
import { verifyPassword } from './passwords';
import { RateLimiter } from './rate-limiter';
import { AccountError } from './user';

export class LogInUserCommand extends Command<AuthUser> {
  constructor(readonly body: unknown, readonly req: Request) {
    super();
  }
}

/** A command because signing in with an ADMIN_EMAILS address appends RoleGranted. */
@CommandHandler(LogInUserCommand)
export class LogInUserHandler implements ICommandHandler<LogInUserCommand> {
  constructor(private readonly accounts: AccountsService, private readonly rateLimiter: RateLimiter) {}

  async execute({ body, req }: LogInUserCommand): Promise<AuthUser> {
    const input = loginSchema.parse(body ?? {});
    const tenantId = requestContext.currentOrSystem().tenantId;
    await this.rateLimiter.hit('login', tenantId, req.ip ?? 'unknown', input.username);
    const row = await this.accounts.findActiveByUsername(tenantId, input.username);
    // Unknown users are verified against a dummy hash: both failures take the same time and answer alike.
    const valid = await verifyPassword(row?.passwordHash, input.password);
    if (!row || !valid) throw new AccountError(INVALID_CREDENTIALS, 401);
    await this.rateLimiter.reset('login', tenantId, input.username);
    await this.accounts.grantAdminIfListed(row);
    return this.accounts.signIn(req, tenantId, row.id);
  }
}
