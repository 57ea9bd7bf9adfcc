import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import type { NotificationPreferences } from './campaigns.schemas';

/**
 * campaigns' query port for an owner's report opt-outs (notification_preferences): GET /api/account/notification-preferences
 * and the person's data export ask it. Needs only the DataSource, so an asking module provides it itself.
 */
@Injectable()
export class NotificationPreferencesQuery {
  constructor(private readonly dataSource: DataSource) {}

  /** Both reports on until the owner turns one off. */
  async of(user: AuthUser): Promise<NotificationPreferences> {
    const [row] = (await this.dataSource.query(
      'SELECT scan_notifications, pause_notifications FROM notification_preferences WHERE user_id = $1 AND client_id = $2',
      [user.id, user.tenantId],
    )) as { scan_notifications: boolean; pause_notifications: boolean }[];
    return { scanNotifications: row?.scan_notifications ?? true, pauseNotifications: row?.pause_notifications ?? true };
  }

  /** The notification-settings part of a person's data export (issue 32 item 3). */
  exportFor(user: AuthUser): Promise<NotificationPreferences> {
    return this.of(user);
  }
}
