import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../command-pipeline';
import { AccountFlags, decideSellerUpdate, evolveSeller, initialSeller, SellerState } from './payment';
import { sellerStream } from './payment.events';

/** Records the owner's new Connect account; a second one made at the same time loses and the first is kept. */
export class CreateSellerAccountCommand extends Command<SellerState> {
  constructor(
    readonly userId: string,
    readonly tenantId: number,
    readonly accountId: string,
  ) {
    super();
  }
}

@CommandHandler(CreateSellerAccountCommand)
export class CreateSellerAccountHandler implements ICommandHandler<CreateSellerAccountCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ userId, tenantId, accountId }: CreateSellerAccountCommand): Promise<SellerState> {
    return this.pipeline.run({
      stream: sellerStream(userId),
      initial: initialSeller,
      evolve: evolveSeller,
      decide: (state) => (state.accountId ? [] : [{ type: 'SellerAccountCreated', data: { userId, tenantId, accountId } }]),
      answer: (state) => state,
    });
  }
}

/** Records what Stripe says about the account now (only a change is appended). */
export class SyncSellerAccountCommand extends Command<SellerState> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly flags: AccountFlags,
  ) {
    super();
  }
}

@CommandHandler(SyncSellerAccountCommand)
export class SyncSellerAccountHandler implements ICommandHandler<SyncSellerAccountCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ userId, accountId, flags }: SyncSellerAccountCommand): Promise<SellerState> {
    return this.pipeline.run({
      stream: sellerStream(userId),
      initial: initialSeller,
      evolve: evolveSeller,
      decide: (state) => decideSellerUpdate(state, userId, accountId, flags),
      answer: (state) => state,
    });
  }
}
