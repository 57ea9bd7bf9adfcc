import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  chooseErrorCorrection,
  dynamicLink,
  encodePayload,
  priceToCents,
  renderSvg,
  type QrStyle,
  type QrType,
} from '@qrsharks/qr-core';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts/auth';
import { ValidationFailed } from '../common/errors.filter';
import { ENV, Env } from '../config/env';
import { AppendResult, NewEvent, RecordedEvent, StreamAppend, WrongExpectedVersionError } from '../event-store/event-store';
import { EventWriter } from '../event-store/event-writer';
import { ProjectionsService } from '../projections/projections.service';
import { anonymousRefusal, parseQrType, parseStyleChanges, rawContentFields, validateFields, DEFAULT_STORED_STYLE } from './code-input';
import { DynamicQrCodeEntity } from './dynamic-qr-code.entity';
import { renderPng } from '../rendering/render-png';
import { assertOwner, evolveQr, initialQr, NOT_FOUND, QrDecisionError, QrState } from './qr-code';
import { QrCodeEntity } from './qr-code.entity';
import { qrStream, QrCreated, QrEvent, QrTracked, shortCodeStream, StoredStyle, trackingStream, userStream } from './qr-code.events';
import { KeyedMutex, Semaphore } from './semaphore';
import { randomShortCode } from './short-code';
import { subdomainInfo } from './subdomain-info';
import { TenantOrigin } from './tenant-origin';
import { decideTakeSlot, evolveAllowance, initialAllowance, Limits } from './trial/allowance';
import { UploadedPart, UploadsService } from './uploads/uploads.service';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_CREATE_ATTEMPTS = 100;
/**
 * Contended creates (the cap race) are admitted a few at a time per process: a losing append in the Postgres adapter
 * holds its pooled connection while it asks the pool again (isRetryable), so more contenders than pool connections
 * can starve the pool. Below the pool size that cannot happen; the store still decides every race.
 */
const createAppends = new Semaphore(4);
const userLocks = new KeyedMutex();

export type Files = Record<string, UploadedPart[] | undefined> | undefined;

export type { RequestInfo } from '../common/request-params';
import type { RequestInfo } from '../common/request-params';

/** Maps a refusal of the pure decisions to its HTTP answer. */
export function toHttp(error: unknown): unknown {
  if (!(error instanceof QrDecisionError)) {
    if (error instanceof Error && error.name === 'QrStyleError') return new ValidationFailed({ [(error as Error & { field?: string }).field ?? 'style']: error.message });
    return error;
  }
  if (error.status === 404) return new NotFoundException(error.message);
  if (error.status === 403) return new ForbiddenException(error.message);
  if (error.status === 409) return new ConflictException(error.message);
  return error.field ? new ValidationFailed({ [error.field]: error.message }) : new BadRequestException(error.message);
}

export async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toHttp(error);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function renderStyle(style: StoredStyle, logoHref: string | null): Partial<QrStyle> {
  const { qrStyle: _qrStyle, ...rest } = style;
  return { ...rest, logo: logoHref ? { href: logoHref } : null };
}

/** If-Match: "3" or 3 (the row's `version`): the stream revision the client saw. */
export function parseIfMatch(header: string | undefined): bigint | undefined {
  if (header === undefined || header === '') return undefined;
  const match = /^(?:W\/)?"?(\d{1,12})"?$/.exec(header.trim());
  if (!match) throw new BadRequestException('If-Match must be the version number of the code');
  return BigInt(match[1]);
}

/**
 * The codes feature's queries, and the helpers its command handlers (`*.command.ts`) share. Every command: load
 * `qr-{id}` -> pure decision -> append at the loaded revision -> wait for the projections -> answer from the read model.
 */
@Injectable()
export class CodesService {
  constructor(
    private readonly events: EventWriter,
    private readonly projections: ProjectionsService,
    private readonly dataSource: DataSource,
    private readonly uploads: UploadsService,
    private readonly tenants: TenantOrigin,
    @Inject(ENV) private readonly env: Env,
  ) {}

  get limits(): Limits {
    return { trialDays: this.env.TRIAL_DAYS, trialDynamicLimit: this.env.TRIAL_DYNAMIC_LIMIT, freeDynamicLimit: this.env.FREE_DYNAMIC_LIMIT };
  }

  // ---------------------------------------------------------------- generation (anonymous)

  /** POST /api/generate-qrcode: validates, encodes and renders; stores nothing (previews and generations alike). */
  async generate(user: AuthUser | null, body: Record<string, unknown>, tenantId: number) {
    return mapped(async () => {
      const qrType = parseQrType(body.qrType);
      const fields = validateFields(qrType, rawContentFields(body));
      const style: StoredStyle = { ...DEFAULT_STORED_STYLE, ...parseStyleChanges(body) };
      if (!user) {
        const refusal = anonymousRefusal({ qrType, style, logoFile: body.logoFile });
        if (refusal) throw new ForbiddenException(refusal);
      }
      const { origin } = await this.tenants.of(tenantId);
      const payload = encodePayload(qrType, fields, { origin });
      const hasLogo = typeof body.logoFile === 'string' && body.logoFile !== '';
      const errorCorrectionLevel = chooseErrorCorrection({ dynamic: false, hasLogo });
      const svg = renderSvg(payload, renderStyle(style, null), { errorCorrectionLevel });
      return { id: null, qrType, payload, qrData: payload, svg, errorCorrectionLevel, temporary: body.temporary === true || body.temporary === 'true', fields, style };
    });
  }

  // ---------------------------------------------------------------- helpers of the create command (create-qr-code.command.ts)

  async loadSlot(user: AuthUser, qrId: string) {
    const allowance = await this.events.load(userStream(user.id), initialAllowance, evolveAllowance);
    const slot = decideTakeSlot(allowance.state, this.limits, new Date(), user.id, qrId);
    return { slot, revision: allowance.revision };
  }

  /**
   * Appends QrCreated with, for dynamic codes, the short code reservation (`no_stream`) and the cap slot (at the
   * user stream's loaded revision) in one all-or-nothing appendMany. A lost race on either re-decides from fresh state.
   */
  async appendCreated(user: AuthUser, created: QrCreated): Promise<AppendResult> {
    const meta = { actorId: user.id, tenantId: user.tenantId };
    for (let attempt = 1; ; attempt++) {
      try {
        // Same-user creates queue here (no wasted round trips in one process); other processes are held off by the
        // expected revision of user-{id}, and a loser re-decides from fresh state.
        const results = await userLocks.run(user.id, () =>
          createAppends.run(async () => {
            const appends: StreamAppend[] = [];
            let data = created;
            if (created.mode === 'dynamic') {
              const shortCode = randomShortCode();
              data = { ...created, shortCode };
              const { slot, revision } = await this.loadSlot(user, created.qrId);
              appends.push({ streamId: shortCodeStream(shortCode), events: [this.events.event('ShortCodeReserved', { shortCode, qrId: created.qrId }, meta)], expectedRevision: 'no_stream' });
              appends.push({ streamId: userStream(user.id), events: [this.events.event(slot.type, slot.data, meta)], expectedRevision: revision });
            }
            appends.push({ streamId: qrStream(created.qrId), events: [this.events.event('QrCreated', data, meta)], expectedRevision: 'no_stream' });
            return this.events.store.appendMany(appends);
          }),
        );
        return results[results.length - 1];
      } catch (error) {
        const retry = error instanceof WrongExpectedVersionError && (error.streamId.startsWith('shortcode-') || error.streamId.startsWith('user-'));
        if (!retry || attempt >= MAX_CREATE_ATTEMPTS) throw error;
        await sleep(Math.random() * Math.min(5 * attempt, 50));
      }
    }
  }

  // ---------------------------------------------------------------- helpers of the change commands (update, pause, resume, delete)

  private async load(qrId: string): Promise<{ state: QrState; revision: bigint | 'no_stream'; events: RecordedEvent[] }> {
    if (!UUID_RE.test(qrId)) throw new NotFoundException(NOT_FOUND);
    return this.events.load(qrStream(qrId.toLowerCase()), initialQr, evolveQr);
  }

  /** Load, decide, append at the loaded revision (409 when someone else wrote in between), wait, answer. */
  async change(user: AuthUser, qrId: string, ifMatch: bigint | undefined, decide: (state: QrState) => QrEvent[] | Promise<QrEvent[]>, extra: (state: QrState) => StreamAppend[] = () => []) {
    return mapped(async () => {
      const { state, revision } = await this.load(qrId);
      assertOwner(state, { userId: user.id, tenantId: user.tenantId });
      if (ifMatch !== undefined && revision !== ifMatch) throw new ConflictException('This QR code was changed since you loaded it. Reload and try again.');
      const decided = await decide(state);
      if (decided.length) {
        const meta = { actorId: user.id, tenantId: user.tenantId };
        const results = await this.events.store.appendMany([
          { streamId: qrStream(state.code.qrId), events: decided.map((e) => this.events.event(e.type, e.data, meta)), expectedRevision: revision },
          ...extra(state),
        ]);
        await this.projections.waitFor(results[0].position);
      }
      const { origin } = await this.tenants.of(user.tenantId);
      if (state.code.mode === 'dynamic') {
        const row = await this.dynamicRowAny(state.code.qrId);
        return row.isDeleted ? { id: row.id, deleted: true } : this.dynamicDto(row, origin);
      }
      const row = await this.staticRowAny(state.code.qrId);
      return row.isDeleted ? { id: row.id, deleted: true } : this.staticDto(row, origin);
    });
  }

  bodyVersion(body: Record<string, unknown> | undefined): bigint | undefined {
    const value = body?.expectedVersion ?? body?.version;
    if (value === undefined || value === null || value === '') return undefined;
    if (!/^\d{1,12}$/.test(String(value))) throw new ValidationFailed({ expectedVersion: 'expectedVersion must be the version number of the code' });
    return BigInt(String(value));
  }

  // ---------------------------------------------------------------- queries

  async listStatic(user: AuthUser) {
    const { origin } = await this.tenants.of(user.tenantId);
    const rows = await this.dataSource.getRepository(QrCodeEntity).find({ where: { clientId: user.tenantId, userId: user.id, isDeleted: false }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => this.staticDto(row, origin));
  }

  async listDynamic(user: AuthUser, paused?: boolean) {
    const { origin } = await this.tenants.of(user.tenantId);
    const where = { clientId: user.tenantId, userId: user.id, isDeleted: false, ...(paused === undefined ? {} : { isPaused: paused }) };
    const rows = await this.dataSource.getRepository(DynamicQrCodeEntity).find({ where, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => this.dynamicDto(row, origin));
  }

  staticRow(id: string) {
    return this.dataSource.getRepository(QrCodeEntity).findOneByOrFail({ id, isDeleted: false });
  }
  private staticRowAny(id: string) {
    return this.dataSource.getRepository(QrCodeEntity).findOneByOrFail({ id });
  }
  dynamicRow(id: string) {
    return this.dataSource.getRepository(DynamicQrCodeEntity).findOneByOrFail({ id, isDeleted: false });
  }
  private dynamicRowAny(id: string) {
    return this.dataSource.getRepository(DynamicQrCodeEntity).findOneByOrFail({ id });
  }

  staticDto(row: QrCodeEntity, origin: string) {
    const { clientId: _c, isDeleted: _d, deletedAt: _da, ...rest } = row;
    const contentId = typeof row.qrData.uploadId === 'string' ? row.qrData.uploadId : row.id;
    let content: string | null = null;
    try {
      content = encodePayload(row.qrType as QrType, row.qrData, { origin, id: contentId });
    } catch {
      content = null;
    }
    return { ...rest, content };
  }

  dynamicDto(row: DynamicQrCodeEntity, origin: string) {
    const { clientId: _c, isDeleted: _d, deletedAt: _da, ...rest } = row;
    return { ...rest, qrMode: 'dynamic', destination: row.destination || null, link: dynamicLink(origin, row.shortCode), content: dynamicLink(origin, row.shortCode) };
  }

  /** Who may read a code's history and download it: its owner, and support and admin staff (any tenant). */
  private async readable(user: AuthUser, qrId: string, includeDeleted: boolean) {
    const loaded = await this.load(qrId);
    const { state } = loaded;
    const staff = user.roles.includes('support') || user.roles.includes('admin');
    const owner = state.code?.userId === user.id && state.tenantId === user.tenantId;
    if (!state.exists || !state.code || (!staff && !owner) || (state.deleted && !includeDeleted)) throw new NotFoundException(NOT_FOUND);
    return loaded as typeof loaded & { state: QrState & { code: QrCreated } };
  }

  /** GET /api/qrcodes/{id}/history: the code's stream, oldest first, with who, when and what changed. */
  async history(user: AuthUser, qrId: string) {
    const { events } = await this.readable(user, qrId, true);
    const actorIds = [...new Set(events.map((e) => e.metadata.actorId).filter((id) => UUID_RE.test(id)))];
    const names = new Map<string, string>();
    if (actorIds.length) {
      try {
        const rows = (await this.dataSource.query('SELECT id::text AS id, username FROM users WHERE id::text = ANY($1)', [actorIds])) as { id: string; username: string }[];
        for (const row of rows) names.set(row.id, row.username);
      } catch {
        // The users read model is the accounts feature's; without it the ids still say who.
      }
    }
    return events.map((event) => ({
      id: event.id,
      version: Number(event.revision),
      type: event.type,
      at: event.metadata.occurredAt,
      actorId: event.metadata.actorId,
      actorName: names.get(event.metadata.actorId) ?? null,
      ...describe(event),
    }));
  }

  /** GET /api/qrcodes/{id}/download?format=png|svg: the same renderer as the preview; PNG at scale 3. */
  async download(user: AuthUser, qrId: string, format: unknown, info: RequestInfo) {
    return mapped(async () => {
      if (format !== undefined && format !== 'png' && format !== 'svg') throw new ValidationFailed({ format: 'format must be png or svg' });
      const kind = format === 'svg' ? 'svg' : 'png';
      const { state } = await this.readable(user, qrId, false);
      const code = state.code;
      const tenantId = state.tenantId ?? user.tenantId;
      const { origin } = await this.tenants.of(tenantId);
      const contentId = typeof code.fields.uploadId === 'string' ? code.fields.uploadId : code.qrId;
      const payload = code.mode === 'dynamic' && code.shortCode ? dynamicLink(origin, code.shortCode) : encodePayload(code.qrType, code.fields, { origin, id: contentId });
      const logo = await this.uploads.logoDataUrl(code.logoFilePath, tenantId);
      const svg = renderSvg(payload, renderStyle(code.style, logo), { errorCorrectionLevel: code.errorCorrectionLevel });
      await this.track('QrDownloaded', user, tenantId, {
        qrCodeId: code.qrId,
        sessionId: null,
        qrType: code.qrType,
        qrContent: payload,
        foregroundColor: code.style.fgColor,
        backgroundColor: code.style.bgColor,
        hasLogo: Boolean(logo),
        downloadType: kind,
      }, info);
      const fileName = `qrcode-${code.qrType}.${kind}`;
      return kind === 'svg' ? { fileName, contentType: 'image/svg+xml; charset=utf-8', body: Buffer.from(svg) } : { fileName, contentType: 'image/png', body: renderPng(svg, 3) };
    });
  }

  // ---------------------------------------------------------------- tracking (downloads here, track-generation.command.ts)

  async track(type: 'QrGenerated' | 'QrDownloaded', user: AuthUser | null, tenantId: number, data: Omit<QrTracked, 'userId' | 'referrer' | 'userAgent' | 'ipHash' | 'sessionId'> & { sessionId: string | null }, info: RequestInfo): Promise<string> {
    const sessionId = data.sessionId && /^[\w.-]{1,100}$/.test(data.sessionId) ? data.sessionId : null;
    const event: QrTracked = {
      ...data,
      qrContent: data.qrContent.slice(0, 4096),
      sessionId: sessionId ?? (user ? `user_${user.id}` : 'anonymous'),
      userId: user?.id ?? null,
      referrer: info.referrer?.slice(0, 2048) ?? null,
      userAgent: info.userAgent?.slice(0, 1024) ?? null,
      ipHash: info.ip ? createHash('sha256').update(`${this.env.VISITOR_HASH_SALT}:${info.ip}`).digest('hex') : null,
    };
    const key = sessionId ?? data.qrCodeId ?? (user ? `user_${user.id}` : 'anonymous');
    const newEvent: NewEvent = this.events.event(type, event, { actorId: user?.id ?? 'anonymous', tenantId });
    await this.events.append(trackingStream(tenantId, key), [newEvent], 'any');
    return newEvent.id;
  }

  subdomainInfo(host: string) {
    return subdomainInfo(host, this.env.BASE_DOMAIN);
  }

  // ---------------------------------------------------------------- payment product

  /** GET /api/payment-product/{id}: the product of a payment code of this tenant (price in cents). Public: buyers are anonymous. */
  async paymentProduct(id: string, tenantId: number) {
    if (!UUID_RE.test(id)) throw new NotFoundException('Product not found');
    const rows = (await this.dataSource.query(
      `SELECT id, qr_data FROM qr_codes WHERE id = $1 AND client_id = $2 AND qr_type = 'payment' AND NOT is_deleted
       UNION ALL SELECT id, qr_data FROM dynamic_qr_codes WHERE id = $1 AND client_id = $2 AND qr_type = 'payment' AND NOT is_deleted AND NOT is_paused`,
      [id, tenantId],
    )) as { id: string; qr_data: Record<string, unknown> }[];
    const row = rows[0];
    if (!row) throw new NotFoundException('Product not found');
    return {
      id: row.id,
      productName: String(row.qr_data.productName ?? ''),
      productDescription: String(row.qr_data.productDescription ?? ''),
      productPrice: priceToCents(row.qr_data.productPrice),
    };
  }
}

/** What an entry of the audit trail says changed. */
function describe(event: RecordedEvent): { summary: string; before: unknown; after: unknown } {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'QrCreated': {
      const { qrId: _id, ...rest } = data;
      return { summary: `Created ${String(data.mode)} ${String(data.qrType)} code`, before: null, after: rest };
    }
    case 'QrDestinationChanged':
      return { summary: 'Destination changed', before: { destination: data.before || null }, after: { destination: data.after } };
    case 'QrStyleChanged':
      return { summary: `Style changed: ${Object.keys(data.after as object).join(', ')}`, before: data.before, after: data.after };
    case 'QrContentChanged':
      return { summary: `Content changed: ${Object.keys(data.after as object).join(', ')}`, before: data.before, after: data.after };
    case 'QrPaused':
      return { summary: 'Paused', before: { isPaused: false }, after: { isPaused: true } };
    case 'QrResumed':
      return { summary: 'Resumed', before: { isPaused: true }, after: { isPaused: false } };
    case 'QrDeleted':
      return { summary: 'Deleted', before: { isDeleted: false }, after: { isDeleted: true } };
    default:
      return { summary: event.type, before: null, after: data };
  }
}
