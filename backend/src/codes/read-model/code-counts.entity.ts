import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many live (not deleted) codes each owner has, static and dynamic, and how many of them are paused: the
 * dashboard list's total without counting the owner's rows on every request (issue 16). Filled only by
 * CodesProjection, which recounts an owner in the same transaction as any change to their list; no row means none.
 */
@Entity({ name: 'code_counts' })
export class CodeCountsEntity {
  @PrimaryColumn({ name: 'client_id', type: 'integer' }) clientId: number;
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'static_count', type: 'integer' }) staticCount: number;
  @Column({ name: 'static_paused', type: 'integer' }) staticPaused: number;
  @Column({ name: 'dynamic_count', type: 'integer' }) dynamicCount: number;
  @Column({ name: 'dynamic_paused', type: 'integer' }) dynamicPaused: number;
}
