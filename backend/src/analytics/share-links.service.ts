import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import { DomainError } from '../common/domain-error';
import { ENV, type Env } from '../config/env';
import type { ShareLinkDto } from './analytics.answers';
import type { AnalyticsOwner } from './analytics.service';
import { SHARE_LINK_EXPIRED, SHARE_LINK_INVALID, SHARE_LINK_REVOKED, signShareToken, verifyShareToken } from './share-links';

export type { ShareLinkDto };

interface ShareRow {
  share_id: string;
  qr_id: string;
  client_id: number;
  user_id: string;
  expires_at: Date;
  created_at: Date;
  revoked_at: Date | null;
}

/** Reads of analytics_share_links: the owner's list, and what a token opens. */
@Injectable()
export class ShareLinksService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  token(shareId: string, expiresAt: string): string {
    return signShareToken(this.env.SESSION_SECRET, { shareId, expiresAt });
  }

  dto(row: { shareId: string; qrId: string; createdAt: string; expiresAt: string; revokedAt: string | null }): ShareLinkDto {
    const token = this.token(row.shareId, row.expiresAt);
    const status = row.revokedAt ? 'revoked' : Date.parse(row.expiresAt) <= Date.now() ? 'expired' : 'active';
    const { shareId, ...rest } = row;
    return { id: shareId, path: `/share/${token}`, token, ...rest, status };
  }

  /** The code's links, newest first (the caller has checked the code is the user's). */
  async list(user: AuthUser, qrId: string): Promise<ShareLinkDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT * FROM analytics_share_links WHERE qr_id = $1 AND client_id = $2 AND user_id = $3 ORDER BY created_at DESC, share_id`,
      [qrId, user.tenantId, String(user.id)],
    )) as ShareRow[];
    return rows.map((row) => this.dto(fromRow(row)));
  }

  /** The share-links part of a person's data export (issue 32 item 3): every link of every code of theirs, oldest first. */
  async exportFor(user: AuthUser): Promise<ShareLinkDto[]> {
    const rows = (await this.dataSource.query(
      `SELECT * FROM analytics_share_links WHERE client_id = $1 AND user_id = $2 ORDER BY created_at, share_id`,
      [user.tenantId, String(user.id)],
    )) as ShareRow[];
    return rows.map((row) => this.dto(fromRow(row)));
  }

  /** The owner and code a token opens; 404 with a message a person can act on otherwise. */
  async resolve(token: string): Promise<{ owner: AnalyticsOwner; qrId: string; expiresAt: string }> {
    const claims = verifyShareToken(this.env.SESSION_SECRET, token);
    if (!claims) throw DomainError.notFound(SHARE_LINK_INVALID);
    const [row] = (await this.dataSource.query('SELECT * FROM analytics_share_links WHERE share_id = $1', [claims.shareId])) as ShareRow[];
    if (!row || row.expires_at.toISOString() !== claims.expiresAt) throw DomainError.notFound(SHARE_LINK_INVALID);
    if (row.revoked_at) throw DomainError.notFound(SHARE_LINK_REVOKED);
    if (row.expires_at.getTime() <= Date.now()) throw DomainError.notFound(SHARE_LINK_EXPIRED);
    return { owner: { tenantId: row.client_id, userId: row.user_id }, qrId: row.qr_id, expiresAt: claims.expiresAt };
  }
}

function fromRow(row: ShareRow) {
  return {
    shareId: row.share_id,
    qrId: row.qr_id,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
  };
}
