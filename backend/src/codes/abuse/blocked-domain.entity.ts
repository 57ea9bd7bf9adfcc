import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The destination blocklist (filled only by BlockedDomainsProjection): one row per blocked domain. It is global (a
 * phishing domain is one for every tenant), so client_id is always 1, the brand whose admins keep it.
 */
@Entity({ name: 'blocked_domains' })
export class BlockedDomainEntity {
  @PrimaryColumn({ type: 'varchar', length: 253 })
  domain: string;

  @Column({ name: 'client_id', type: 'integer', default: 1 })
  clientId: number;

  @Column({ type: 'text' })
  reason: string;

  @Column({ name: 'blocked_by', type: 'varchar', length: 64, nullable: true })
  blockedBy: string | null;

  @Column({ name: 'blocked_at', type: 'timestamptz' })
  blockedAt: Date;
}
