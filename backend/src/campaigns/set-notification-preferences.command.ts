import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { decidePreferences, evolvePreferences, initialPreferences, type NotificationPreferencesState } from './campaign';
import { notificationPreferencesStream } from './campaign.events';
import { CAMPAIGNS_PROJECTION } from './campaigns.projection';

/** PUT /api/account/notification-preferences: the owner's opt-outs of the scan report and the paused-codes reminder. */
export class SetNotificationPreferencesCommand extends Command<NotificationPreferencesState> {
  constructor(
    readonly user: AuthUser,
    readonly wanted: NotificationPreferencesState,
  ) {
    super();
  }
}

/** NotificationPreferencesChanged on the owner's own stream (nothing when unchanged); answers the preferences. */
@CommandHandler(SetNotificationPreferencesCommand)
export class SetNotificationPreferencesHandler implements ICommandHandler<SetNotificationPreferencesCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ user, wanted }: SetNotificationPreferencesCommand): Promise<NotificationPreferencesState> {
    return this.pipeline.run({
      stream: notificationPreferencesStream(user.id),
      initial: initialPreferences,
      evolve: evolvePreferences,
      actor: { actorId: user.id, tenantId: user.tenantId },
      // The audiences read notification_preferences: a report sent right after this answer already honours it.
      waitFor: [CAMPAIGNS_PROJECTION],
      decide: (state) => decidePreferences(state, user.id, wanted),
      answer: (state) => ({ ...state }),
    });
  }
}
