import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/*
 * The analytics read tables, all filled only by AnalyticsProjection (name 'analytics'), all rebuildable from
 * events: no serial ids, no foreign keys, every row carries client_id. Days and hours are UTC.
 */

/** The codes as analytics sees them (from the qr-{id} streams): owner, type, display name. */
@Entity({ name: 'analytics_codes' })
@Index('analytics_codes_owner', ['clientId', 'userId'])
export class AnalyticsCodeEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'user_id', type: 'varchar', length: 64, nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 10 })
  mode: string;

  @Column({ name: 'qr_type', type: 'varchar', length: 20 })
  qrType: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'short_code', type: 'varchar', length: 64, nullable: true })
  shortCode: string | null;

  @Column({ type: 'jsonb', default: {} })
  fields: Record<string, unknown>;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** Per code and UTC day: scans by people, their unique visitors, and bot or preview hits. */
@Entity({ name: 'scan_daily' })
// (day, client_id) INCLUDE (qr_id, scans): today's scans, one tenant's or all, and a tenant's last days (migration 1795525790000).
@Index('scan_daily_day', { synchronize: false })
export class ScanDailyEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ type: 'integer', default: 0 })
  scans: number;

  @Column({ name: 'unique_visitors', type: 'integer', default: 0 })
  uniqueVisitors: number;

  @Column({ type: 'integer', default: 0 })
  bots: number;
}

/** Visitor hashes seen per code and day (people only): what makes unique_visitors exact and replayable. */
@Entity({ name: 'scan_visitors' })
export class ScanVisitorEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ name: 'visitor_hash', type: 'varchar', length: 64 })
  visitorHash: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;
}

/** Per code, day, dimension (country, device, os, browser, referrer, hour, route) and value: counts, bots apart. */
@Entity({ name: 'scan_breakdowns' })
export class ScanBreakdownEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  dimension: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  value: string;

  @PrimaryColumn({ name: 'is_bot', type: 'boolean' })
  isBot: boolean;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ type: 'integer', default: 0 })
  count: number;
}

/** All-time per code: the scan count other features show (dynamic_qr_codes.scanCount comes from here). */
@Entity({ name: 'scan_totals' })
export class ScanTotalEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ type: 'bigint', default: 0 })
  scans: string;

  @Column({ type: 'bigint', default: 0 })
  bots: string;

  @Column({ name: 'last_scanned_at', type: 'timestamptz', nullable: true })
  lastScannedAt: Date | null;
}

/**
 * One table for the spec's qr_generations and its ten per-type generation tables: the type's own fields
 * (websiteUrl, productName, ...) sit in type_fields. ip_hash replaces ip_address: the raw IP is never stored.
 */
@Entity({ name: 'qr_generations' })
@Index('qr_generations_owner', ['clientId', 'userId', 'generatedAt'])
@Index('qr_generations_code', ['qrCodeId'])
export class QrGenerationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'qr_code_id', type: 'varchar', length: 64, nullable: true })
  qrCodeId: string | null;

  @Column({ name: 'user_id', type: 'varchar', length: 64, nullable: true })
  userId: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 255 })
  sessionId: string;

  @Column({ name: 'ip_hash', type: 'varchar', length: 64, nullable: true })
  ipHash: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent: string | null;

  @Column({ name: 'qr_content', type: 'text' })
  qrContent: string;

  @Column({ name: 'qr_type', type: 'varchar', length: 20 })
  qrType: string;

  @Column({ name: 'captured_email', type: 'varchar', length: 255, nullable: true })
  capturedEmail: string | null;

  @Column({ name: 'captured_name', type: 'varchar', length: 200, nullable: true })
  capturedName: string | null;

  @Column({ name: 'foreground_color', type: 'varchar', length: 20, nullable: true })
  foregroundColor: string | null;

  @Column({ name: 'background_color', type: 'varchar', length: 20, nullable: true })
  backgroundColor: string | null;

  @Column({ name: 'has_logo', type: 'boolean', default: false })
  hasLogo: boolean;

  @Column({ type: 'text', nullable: true })
  referrer: string | null;

  @Column({ name: 'type_fields', type: 'jsonb', default: {} })
  typeFields: Record<string, unknown>;

  @Column({ name: 'generated_at', type: 'timestamptz' })
  generatedAt: Date;
}

/** One table for the spec's qr_downloads and its per-type download tables (type_fields as above). */
@Entity({ name: 'qr_downloads' })
@Index('qr_downloads_owner', ['clientId', 'userId', 'downloadedAt'])
@Index('qr_downloads_code', ['qrCodeId'])
export class QrDownloadEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'qr_code_id', type: 'varchar', length: 64, nullable: true })
  qrCodeId: string | null;

  @Column({ name: 'user_id', type: 'varchar', length: 64, nullable: true })
  userId: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 255 })
  sessionId: string;

  @Column({ name: 'ip_hash', type: 'varchar', length: 64, nullable: true })
  ipHash: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent: string | null;

  @Column({ name: 'download_type', type: 'varchar', length: 10, default: 'png' })
  downloadType: string;

  @Column({ name: 'qr_content', type: 'text' })
  qrContent: string;

  @Column({ name: 'qr_type', type: 'varchar', length: 20 })
  qrType: string;

  @Column({ name: 'captured_email', type: 'varchar', length: 255, nullable: true })
  capturedEmail: string | null;

  @Column({ name: 'captured_name', type: 'varchar', length: 200, nullable: true })
  capturedName: string | null;

  @Column({ type: 'text', nullable: true })
  referrer: string | null;

  @Column({ name: 'type_fields', type: 'jsonb', default: {} })
  typeFields: Record<string, unknown>;

  @Column({ name: 'downloaded_at', type: 'timestamptz' })
  downloadedAt: Date;
}

/**
 * Per code, UTC day, visitor and every combination of the filterable facts (kind, country, device, os, browser,
 * referrer, hour, route): how many scans. What lets any breakdown be filtered by another dimension and still count unique
 * visitors exactly. kind is human, bot or preview (link-preview fetchers).
 */
@Entity({ name: 'scan_facets' })
// The key INCLUDEs client_id and count, and (qr_id, day) WHERE kind = 'preview' indexes the previews (migration 1795525790000).
@Index('scan_facets_previews', { synchronize: false })
export class ScanFacetEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ name: 'visitor_hash', type: 'varchar', length: 64 })
  visitorHash: string;

  @PrimaryColumn({ type: 'varchar', length: 8 })
  kind: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  country: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  device: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  os: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  browser: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  referrer: string;

  @PrimaryColumn({ type: 'varchar', length: 2 })
  hour: string;

  /** Which rule, split arm or default answered (Scanned.route; 'default' when it carries none), issue 33. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  route: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ type: 'integer', default: 0 })
  count: number;
}

/** Read-only share links of one code's analytics page (AnalyticsShareCreated / AnalyticsShareRevoked). */
@Entity({ name: 'analytics_share_links' })
@Index('analytics_share_links_code', ['qrId'])
export class AnalyticsShareLinkEntity {
  @PrimaryColumn({ name: 'share_id', type: 'uuid' })
  shareId: string;

  @Column({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'user_id', type: 'varchar', length: 64 })
  userId: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
