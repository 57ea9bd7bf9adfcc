import { z } from 'zod';
import type { AccountExport } from '../accounts';
import { qrModeAnswer, qrTypeAnswer, type ExportedCode } from '../codes';
import type { MailExport } from '../mail';
import type { PaymentExport } from '../payments';
import type { ScanDayExport, ShareLinkDto } from '../analytics';
import type { ApiKeyAnswer } from '../api-keys';
import type { WebhookAnswer } from '../webhooks';

/**
 * GET /api/account/export's document (issue 32 item 3), as a zod schema: `@AnswerOf` puts it into /api/docs, and
 * docs/account-export.md describes it field by field. The parts are the features' own export answers; the type checks
 * at the end fail when one of them changes without this schema.
 */

export const EXPORT_FORMAT = 'qr-code-sharks-account-export';
export const EXPORT_VERSION = 1;

const count = z.number().int().min(0);
const scanBreakdownSchema = z.array(z.object({ value: z.string(), scans: count, bots: count }));

export const scanDayExportSchema = z.object({
  date: z.string().meta({ description: 'UTC day, YYYY-MM-DD' }),
  scans: count.meta({ description: 'Scans by people' }),
  uniqueVisitors: count,
  bots: count,
  breakdowns: z.object({
    country: scanBreakdownSchema,
    device: scanBreakdownSchema,
    os: scanBreakdownSchema,
    browser: scanBreakdownSchema,
    referrer: scanBreakdownSchema,
    hour: scanBreakdownSchema,
    route: scanBreakdownSchema.meta({ description: "Which rule, split arm or default served the scans ('default' without routing)" }),
  }),
});

export const accountExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  account: z
    .object({
      id: z.string(),
      tenantId: z.number().int(),
      username: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      roles: z.array(z.string()),
      subscriptionStatus: z.string(),
      googleId: z.string().nullable(),
      emailVerified: z.boolean(),
      hasPassword: z.boolean(),
      createdAt: z.string().nullable(),
      trial: z.object({ startedAt: z.string().nullable(), endsAt: z.string().nullable() }).nullable(),
      disabled: z.boolean(),
    })
    .meta({ description: 'What GET /api/user answers, and when the account was made, its trial, whether it is disabled' }),
  notificationPreferences: z.object({ scanNotifications: z.boolean(), pauseNotifications: z.boolean() }),
  codes: z.array(
    z
      .object({
        id: z.string(),
        qrType: qrTypeAnswer,
        qrMode: qrModeAnswer,
        name: z.string().nullable(),
        displayName: z.string(),
        content: z.string().nullable(),
        qrData: z.record(z.string(), z.unknown()),
        createdAt: z.unknown(),
        history: z.array(z.record(z.string(), z.unknown())).meta({ description: 'As GET /api/qrcodes/{id}/history answers' }),
        routing: z
          .object({
            rules: z.array(z.object({ when: z.record(z.string(), z.unknown()), destination: z.string() })).optional(),
            split: z.array(z.object({ destination: z.string(), weight: z.number() })).optional(),
            limits: z
              .object({
                maxScans: z.number().optional(),
                validFrom: z.string().optional(),
                validUntil: z.string().optional(),
                afterLimit: z.string().optional(),
              })
              .optional(),
          })
          .nullable()
          .meta({
            description:
              "A dynamic code's routing now, as GET /api/dynamic-qrcodes/{id}/routing answers it (without version); null without one",
          }),
        scans: z.array(scanDayExportSchema).meta({ description: 'Every day the code was scanned, oldest first' }),
      })
      .catchall(z.unknown())
      .meta({ description: 'As GET /api/dashboard/codes/{id} answers (content, style, scan counts), with its history and daily scans' }),
  ),
  shareLinks: z.array(
    z.object({
      id: z.string(),
      qrId: z.string(),
      path: z.string(),
      token: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
      status: z.enum(['active', 'expired', 'revoked']),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      qrId: z.string(),
      amount: count.meta({ description: 'Cents' }),
      currency: z.string(),
      status: z.string(),
      at: z.string(),
      failureMessage: z.string().nullable(),
    }),
  ),
  mails: z.array(
    z.object({
      kind: z.string(),
      status: z.string(),
      to: z.string(),
      recordedAt: z.string(),
      sendAfter: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  apiKeys: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        scopes: z.array(z.string()),
        prefix: z.string(),
        createdAt: z.string(),
        lastUsedAt: z.string().nullable(),
        revokedAt: z.string().nullable(),
      }),
    )
    .meta({ description: 'Every API key the person made, revoked ones too, as GET /api/api-keys lists them: never the key or its hash' }),
  webhooks: z
    .array(
      z.object({
        id: z.string(),
        url: z.string(),
        events: z.array(z.string()),
        includeBots: z.boolean(),
        createdAt: z.string(),
        status: z.string(),
        disabledAt: z.string().nullable(),
        disabledReason: z.string().nullable(),
      }),
    )
    .meta({ description: "The person's webhooks, as GET /api/webhooks lists them: never the signing secret" }),
});
export type AccountExportDocument = z.output<typeof accountExportSchema>;

// The features' export answers are what this schema says: a field one of them adds or renames fails the type-check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Part<K extends keyof AccountExportDocument> = AccountExportDocument[K];
const described: [
  Same<Part<'shareLinks'>[number], ShareLinkDto>,
  Same<Part<'payments'>[number], PaymentExport>,
  Same<Part<'mails'>[number], MailExport>,
  ApiKeyAnswer extends Part<'apiKeys'>[number] ? true : false,
  WebhookAnswer extends Part<'webhooks'>[number] ? true : false,
  Same<z.output<typeof scanDayExportSchema>, ScanDayExport>,
  AccountExport extends Part<'account'> ? true : false,
  ExportedCode extends Omit<Part<'codes'>[number], 'scans'> ? true : false,
] = [true, true, true, true, true, true, true, true];
void described;
