import { createHmac, hkdfSync } from 'node:crypto';

/**
 * Stream names that would otherwise name a person (issue 32, docs/decisions.md "Stream ids that named a person"): a
 * username's and a Google id's reservation streams and a newsletter address's subscription stream are named by a keyed
 * hash of the value, `{prefix}-h-{tenant}-{hash}`, so `events.stream_id`, `event_streams` and their backups hold no
 * address, username or Google id, and nobody without the salt can test a guessed one.
 *
 * The key is derived from STREAM_NAME_SALT, never from PERSONAL_DATA_KEY: a stream name is how a reservation is found,
 * so the salt must never change, while the personal-data master key may be rotated or lost without orphaning one.
 * The old names (`username-{tenant}-{username}`, `google-{tenant}-{googleId}`, `newsletter-{tenant}-{sha256}`) are read
 * as the start of the hashed stream until `npm run personal-data -- seal-legacy` renames them (rename-legacy-streams.ts).
 */
export class StreamNames {
  private readonly key: Buffer;

  constructor(salt: string) {
    this.key = Buffer.from(hkdfSync('sha256', salt, 'qrsharks stream names v1', 'qrsharks:stream-names', 32));
  }

  /**
   * `{kind}-h-{tenant}-{hash}` (`{kind}-h-{hash}` without a tenant): the hash is 32 hex characters (128 bits) of
   * HMAC-SHA256 over the kind and the value, as given (callers normalise it). The `h` marks a hashed name: no legacy name
   * has it (theirs go on with the tenant's digits, or a sha256's hex).
   */
  hashed(kind: StreamNameKind, tenantId: number | null, value: string): string {
    const hash = createHmac('sha256', this.key).update(`${kind}\0${value}`).digest('hex').slice(0, 32);
    return tenantId === null ? `${kind}-h-${hash}` : `${kind}-h-${tenantId}-${hash}`;
  }

  /**
   * The hashed name of a legacy one, from the legacy name alone (what seal-legacy renames it to), or null for any other
   * stream: `username-{tenant}-{lowercased username}`, `google-{tenant}-{googleId}`, `newsletter-{tenant}-{sha256}` and
   * `newsletter-{sha256}` (before lists were per tenant). The features build the same names (user.events.ts,
   * newsletter-subscription.events.ts); src/stream-names.spec.ts checks they agree.
   */
  renamed(streamId: string): string | null {
    const key = /^(username|google)-(\d+)-(.+)$/s.exec(streamId);
    if (key) return this.hashed(key[1] as StreamNameKind, Number(key[2]), key[3]);
    const newsletter = /^newsletter-(?:(\d+)-)?([0-9a-f]{64})$/.exec(streamId);
    if (newsletter) return this.hashed('newsletter', newsletter[1] === undefined ? null : Number(newsletter[1]), newsletter[2]);
    return null;
  }
}

export type StreamNameKind = 'username' | 'google' | 'newsletter';

/** The SQL pattern (`~`) of every legacy name `renamed` renames: the candidates seal-legacy reads. */
export const LEGACY_STREAM_PATTERN = '^(username|google)-[0-9]+-|^newsletter-([0-9]+-)?[0-9a-f]{64}$';

export const STREAM_NAMES = Symbol('STREAM_NAMES');
