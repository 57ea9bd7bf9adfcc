import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store';
import { eventCatalogue } from '../../event-store/typed-events';
import { readModelRole, type Projection } from '../../projections/projection';
import { ProjectionsService } from '../../projections/projections.service';
import { staticColumns, STYLE_COLUMNS } from './code-columns.map';
import { ACCOUNT_CONTENT, USER_STREAM_EVENTS } from '../../accounts';
import { QR_EVENTS, type QrCreated } from '../model/qr-code.events';

const TABLES = ['qr_codes', 'dynamic_qr_codes'] as const;
/** Every column a static code's content fills, emptied when its owner's account is deleted (issue 32). */
const ERASED_STATIC_COLUMNS = Object.keys(staticColumns('text', {}))
  .map((column) => `${column} = NULL`)
  .join(', ');

/** Owners whose list changed in a batch, as `client_id|user_id`. */
type Owners = Set<string>;

/** The rows of an `UPDATE ... RETURNING` (the driver answers `[rows, count]` for an UPDATE). */
function returned(result: unknown): { client_id: number; user_id: string }[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as { client_id: number; user_id: string }[]) : [];
}

/**
 * Recounts the live and paused codes of every owner whose list changed in the batch (`code_counts`), from the rows
 * just written in the same transaction: a count that cannot drift from the lists, whatever order events come in.
 */
async function recount(owners: Owners, tx: EntityManager): Promise<void> {
  if (owners.size === 0) return;
  const pairs = [...owners].map((owner) => owner.split('|'));
  const params = [pairs.map(([client]) => Number(client)), pairs.map(([, user]) => user)];
  const these = 'SELECT * FROM unnest($1::int[], $2::uuid[]) AS o(client_id, user_id)';
  await tx.query(`DELETE FROM code_counts WHERE (client_id, user_id) IN (${these})`, params);
  await tx.query(
    'INSERT INTO code_counts (client_id, user_id, static_count, static_paused, dynamic_count, dynamic_paused) ' +
      'SELECT client_id, user_id, sum(s), sum(sp), sum(d), sum(dp) FROM (' +
      'SELECT client_id, user_id, count(*) AS s, count(*) FILTER (WHERE is_paused) AS sp, 0 AS d, 0 AS dp FROM qr_codes ' +
      `WHERE (client_id, user_id) IN (${these}) AND NOT is_deleted GROUP BY client_id, user_id UNION ALL ` +
      'SELECT client_id, user_id, 0, 0, count(*), count(*) FILTER (WHERE is_paused) FROM dynamic_qr_codes ' +
      `WHERE (client_id, user_id) IN (${these}) AND NOT is_deleted GROUP BY client_id, user_id) AS owners ` +
      'GROUP BY client_id, user_id',
    params,
  );
}

function insert(table: string, row: Record<string, unknown>): { sql: string; params: unknown[] } {
  const keys = Object.keys(row);
  return {
    sql: `INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
    params: keys.map((k) => row[k]),
  };
}

/**
 * What the projection reads: the code's events, scans' `Scanned` (the fields counted; codes sits below scans, which
 * projects codes' events, so it declares the part of scans' contract it reads instead of importing it) and accounts'
 * UserDeleted (a deleted account's codes are deleted with it, replayed the same way on a rebuild).
 */
export interface ScannedAsCounted {
  Scanned: { qrId: string; isBot: boolean; scannedAt: string };
}
const CONSUMED = QR_EVENTS.and(eventCatalogue<ScannedAsCounted>({ Scanned: true })).and(USER_STREAM_EVENTS.pick('UserDeleted'));

/** The codes projection's name: commands and readers wait on it by this constant (ProjectionsService.waitFor). */
export const CODES_PROJECTION = 'codes';

/**
 * The read model /d/{shortCode} answers from (the scans feature's scan_targets serves it; codes sits below scans and
 * does not name it): a command that changes what a scan gets (a password, a suspension, the blocklist) waits for it,
 * so once the answer is back /d/ already says so.
 */
export const CODE_REDIRECTS = readModelRole('code-redirects', 'what /d/{shortCode} answers from');

/**
 * What a change the next scan must get waits for (a destination, content that leads to one, a pause, a resume, a
 * delete, a routing): the dashboard's lists and what /d/ answers from, so that a scan right after the answer already
 * gets the change (issue 33: "from the next scan after its answer").
 */
export const CODE_AND_REDIRECT = [CODES_PROJECTION, CODE_REDIRECTS];

/**
 * What the staff console shows of a code (staff's audit projection serves it): a staff action on a code waits for it, so
 * the console's page, asked again once the answer is back, already shows the suspension.
 */
export const CODE_MODERATION_VIEW = readModelRole('code-moderation-view', 'what the staff console shows of a code');

/**
 * `qr_codes` (static) and `dynamic_qr_codes` (dynamic) from the `qr-{id}` events, plus the scan count of dynamic
 * codes from `Scanned` (bots not counted). Rows are soft-deleted, as the spec's tables say: one by QrDeleted, every
 * code of an account by accounts' UserDeleted (docs/decisions.md, issue 15).
 */
@Injectable()
export class CodesProjection implements Projection, OnModuleInit {
  readonly name = CODES_PROJECTION;
  /** The account's codes leave the lists with UserDeleted. */
  readonly serves = [ACCOUNT_CONTENT];
  readonly tables = [...TABLES, 'code_counts'];
  readonly eventTypes = CONSUMED.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    const scans = new Map<string, { count: number; last: string }>();
    const owners: Owners = new Set();
    const touched = (result: unknown) => returned(result).forEach((row) => owners.add(`${row.client_id}|${row.user_id}`));
    for (const event of CONSUMED.among(events)) {
      const at = event.metadata.occurredAt;
      const version = Number(event.revision);
      switch (event.type) {
        case 'QrCreated':
          await this.created(event.data, event.metadata.tenantId, at, tx);
          owners.add(`${event.metadata.tenantId}|${event.data.userId}`);
          break;
        case 'QrDestinationChanged': {
          const { data } = event;
          await tx.query('UPDATE dynamic_qr_codes SET destination = $2, updated_at = $3, version = $4 WHERE id = $1', [
            data.qrId,
            data.after,
            at,
            version,
          ]);
          break;
        }
        case 'QrStyleChanged': {
          const { data } = event;
          const entries = Object.entries(data.after).filter(([key]) => key in STYLE_COLUMNS);
          const sets = entries.map(([key], i) => `${STYLE_COLUMNS[key as keyof typeof STYLE_COLUMNS]} = $${i + 4}`);
          for (const table of TABLES) {
            await tx.query(`UPDATE ${table} SET ${[...sets, 'updated_at = $2', 'version = $3'].join(', ')} WHERE id = $1`, [
              data.qrId,
              at,
              version,
              ...entries.map(([, v]) => v),
            ]);
          }
          break;
        }
        case 'QrContentChanged': {
          const { data } = event;
          await tx.query(
            "UPDATE dynamic_qr_codes SET qr_data = qr_data || $2::jsonb, platform = COALESCE(($2::jsonb)->>'platform', platform), " +
              'updated_at = $3, version = $4 WHERE id = $1',
            [data.qrId, JSON.stringify(data.after), at, version],
          );
          const [row] = (await tx.query('SELECT qr_type, qr_data FROM qr_codes WHERE id = $1', [data.qrId])) as {
            qr_type: string;
            qr_data: Record<string, unknown>;
          }[];
          if (row) {
            const fields = { ...row.qr_data, ...data.after };
            const columns = staticColumns(row.qr_type, fields);
            const keys = Object.keys(columns);
            await tx.query(
              `UPDATE qr_codes SET qr_data = $2, updated_at = $3, version = $4, ${keys.map((k, i) => `${k} = $${i + 5}`).join(', ')} ` +
                `WHERE id = $1`,
              [data.qrId, JSON.stringify(fields), at, version, ...keys.map((k) => columns[k])],
            );
          }
          break;
        }
        case 'QrPaused':
        case 'QrResumed': {
          const paused = event.type === 'QrPaused';
          for (const table of TABLES) {
            const sql = `UPDATE ${table} SET is_paused = $2, paused_at = $3, updated_at = $4, version = $5 WHERE id = $1`;
            touched(await tx.query(`${sql} RETURNING client_id, user_id`, [event.data.qrId, paused, paused ? at : null, at, version]));
          }
          break;
        }
        case 'QrPasswordSet':
        case 'QrPasswordRemoved':
          // Only whether there is one: the hash stays out of the lists (scan_targets keeps it for /d/).
          await tx.query('UPDATE dynamic_qr_codes SET has_password = $2, updated_at = $3, version = $4 WHERE id = $1', [
            event.data.qrId,
            event.type === 'QrPasswordSet',
            at,
            version,
          ]);
          break;
        case 'QrRoutingChanged':
          // The routing itself is read from the code's stream (GET .../routing) and scan_targets; the lists keep its version.
          await tx.query('UPDATE dynamic_qr_codes SET updated_at = $2, version = $3 WHERE id = $1', [event.data.qrId, at, version]);
          break;
        case 'QrTagsChanged':
          for (const table of TABLES) {
            const sql = `UPDATE ${table} SET tags = $2, updated_at = $3, version = $4 WHERE id = $1`;
            await tx.query(sql, [event.data.qrId, event.data.after, at, version]);
          }
          break;
        case 'QrRenamed': {
          const { data } = event;
          for (const table of TABLES) {
            const sql = `UPDATE ${table} SET name = $2, updated_at = $3, version = $4 WHERE id = $1`;
            await tx.query(sql, [data.qrId, data.after, at, version]);
          }
          break;
        }
        case 'QrSuspended':
        case 'QrSuspensionLifted': {
          const reason = event.type === 'QrSuspended' ? event.data.reason : null;
          await tx.query(
            'UPDATE dynamic_qr_codes SET is_suspended = $2, suspension_reason = $3, updated_at = $4, version = $5 WHERE id = $1',
            [event.data.qrId, reason !== null, reason, at, version],
          );
          break;
        }
        case 'QrDeleted':
          for (const table of TABLES) {
            const sql = `UPDATE ${table} SET is_deleted = true, deleted_at = $2, updated_at = $2, version = $3 WHERE id = $1`;
            touched(await tx.query(`${sql} RETURNING client_id, user_id`, [event.data.qrId, at, version]));
          }
          break;
        case 'UserDeleted': {
          // Every code of the account, static and dynamic: pages, payment products and lists stop showing them.
          const { userId } = event.data;
          for (const table of TABLES) {
            const sql = `UPDATE ${table} SET is_deleted = true, deleted_at = $2, updated_at = $2 WHERE user_id = $1 AND NOT is_deleted`;
            touched(await tx.query(`${sql} RETURNING client_id, user_id`, [userId, at]));
          }
          // Issue 32: what the owner typed leaves the rows, as the same constants live and rebuilt (whatever was there).
          await tx.query(
            `UPDATE qr_codes SET qr_data = '{}', name = NULL, tags = '{}', frame_text = '', ${ERASED_STATIC_COLUMNS} WHERE user_id = $1`,
            [userId],
          );
          await tx.query(
            `UPDATE dynamic_qr_codes SET qr_data = '{}', name = NULL, tags = '{}', destination = '', platform = NULL, frame_text = ''
             WHERE user_id = $1`,
            [userId],
          );
          break;
        }
        case 'Scanned': {
          const { qrId, isBot, scannedAt } = event.data;
          if (isBot) break;
          const when = scannedAt;
          const current = scans.get(qrId) ?? { count: 0, last: when };
          scans.set(qrId, { count: current.count + 1, last: when > current.last ? when : current.last });
          break;
        }
      }
    }
    for (const [qrId, { count, last }] of scans) {
      await tx.query(
        'UPDATE dynamic_qr_codes SET scan_count = scan_count + $2, last_scanned_at = GREATEST(last_scanned_at, $3::timestamptz) WHERE id ' +
          '= $1',
        [qrId, count, last],
      );
    }
    await recount(owners, tx);
  }

  private async created(data: QrCreated, tenantId: number, at: string, tx: EntityManager): Promise<void> {
    const style = data.style;
    const common: Record<string, unknown> = {
      id: data.qrId,
      client_id: tenantId,
      user_id: data.userId,
      qr_type: data.qrType,
      qr_data: JSON.stringify(data.fields),
      fg_color: style.fgColor,
      bg_color: style.bgColor,
      gradient_color: style.gradientColor,
      qr_style: style.qrStyle,
      dot_shape: style.dotShape,
      corner_shape: style.cornerShape,
      inner_corner_shape: style.innerCornerShape,
      outer_corner_color: style.outerCornerColor,
      inner_corner_color: style.innerCornerColor,
      error_correction_level: data.errorCorrectionLevel,
      logo_file_path: data.logoFilePath,
      logo_file_name: data.logoFileName,
      enable_frame: style.enableFrame,
      frame_text: style.frameText,
      frame_color: style.frameColor,
      frame_text_color: style.frameTextColor,
      frame_style: style.frameStyle,
      created_at: at,
      updated_at: at,
      version: 0,
    };
    if (data.mode === 'dynamic') {
      const { sql, params } = insert('dynamic_qr_codes', {
        ...common,
        short_code: data.shortCode,
        destination: data.destination ?? '',
        platform: typeof data.fields.platform === 'string' ? data.fields.platform : null,
      });
      await tx.query(sql, params);
    } else {
      const { sql, params } = insert('qr_codes', { ...common, qr_mode: 'static', ...staticColumns(data.qrType, data.fields) });
      await tx.query(sql, params);
    }
  }
}
