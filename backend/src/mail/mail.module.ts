import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { MailerModule, type MailerOptions } from '@nestjs-modules/mailer';
import { HandlebarsAdapter } from '@nestjs-modules/mailer/adapters/handlebars.adapter';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { CampaignProgressModule } from './campaign-progress';
import { TEMPLATES_DIR } from './mail-content';
import { MailDispatcher } from './mail-dispatcher';
import { MailJobsController } from './mail-jobs.controller';
import { MAIL_QUEUE, MailQueue } from './mail-queue';
import { MailRetention } from './mail-retention';
import { MailSender } from './mail-sender';
import { MailTransport, transportOptions } from './mail-transport';

/** Bull's keys are named after the database like the scan keys, so deployments and test databases sharing a Redis never meet. */
export function bullPrefix(databaseUrl: string): string {
  let database = 'qrsharks';
  try {
    database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || database;
  } catch {
    // keep the default
  }
  return `qrs:${database}:bull`;
}

/** Mail: the dispatcher (events -> ledger -> Bull jobs), the queue's processor, the mailer, and the failed-jobs route. */
@Module({
  imports: [
    CampaignProgressModule,
    BullModule.forRootAsync({
      inject: [ENV, DATABASE_URL],
      useFactory: (env: Env, databaseUrl: string) => ({
        redis: env.REDIS_URL,
        prefix: bullPrefix(databaseUrl),
        settings: {
          lockDuration: env.MAIL_JOB_LOCK_MS,
          lockRenewTime: Math.floor(env.MAIL_JOB_LOCK_MS / 2),
          stalledInterval: env.MAIL_JOB_LOCK_MS,
          // A killed worker's job comes back this many times before Bull fails it (the ledger still knows it).
          maxStalledCount: 10,
        },
      }),
    }),
    BullModule.registerQueue({ name: MAIL_QUEUE }),
    MailerModule.forRootAsync({
      imports: [],
      inject: [ENV],
      useFactory: (env: Env): MailerOptions => ({
        transport: transportOptions(env) as MailerOptions['transport'],
        defaults: { from: env.MAIL_FROM } as MailerOptions['defaults'],
        template: { dir: TEMPLATES_DIR, adapter: new HandlebarsAdapter(), options: { strict: false } },
        options: { layout: 'layout' },
      }),
    }),
  ],
  controllers: [MailJobsController],
  providers: [MailTransport, MailSender, MailQueue, MailDispatcher, MailRetention],
  exports: [MailQueue, MailDispatcher],
})
export class MailModule {}
