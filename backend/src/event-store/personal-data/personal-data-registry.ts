import type { NewEvent } from '../event-store';

/** A salted hash of an address: `hash('payer', email)` (PersonalDataKeys.hash). */
export type AddressHash = (kind: string, address: string) => string;

/**
 * What of one event type is personal data (issue 32 item 1): the fields sealed with the subject's key (top-level names,
 * or dotted paths for a field nested in objects, `style.frameText`: only that value is sealed, its siblings stay), and
 * what each reads as once that key is erased. Subjects: `user:<id>`, `code:<qrId>` (owned by its user),
 * `payer:<hash>`, `contact:<messageId>`, `subscriber:<tenant>:<hash>`; the owner, when there is one, is erased with it.
 */
export interface PersonalFields<D = never> {
  /** The subject whose key seals the fields; null: this event names nobody (then nothing is sealed). */
  subject: (data: D, event: NewEvent<D>, hash: AddressHash) => string | null;
  /** A subject whose erasure erases this one too (a code's owner, a subscriber's or sender's account address). */
  owner?: (data: D, event: NewEvent<D>, hash: AddressHash) => string | null;
  /**
   * Each sealed field and the value it reads as when its key is gone (what projections then write), or a function of
   * the subject giving it (where a read model needs erased values to stay distinct, e.g. one row per subscriber).
   */
  fields: Partial<Record<FieldPath<D>, unknown>>;
}

/** A top-level field's name, or `field.inner` for a field of an object-valued field (one level deep). */
export type FieldPath<D> =
  | (keyof D & string)
  | {
      [K in keyof D & string]: NonNullable<D[K]> extends readonly unknown[]
        ? never
        : NonNullable<D[K]> extends object
          ? `${K}.${keyof NonNullable<D[K]> & string}`
          : never;
    }[keyof D & string];

type Stored = PersonalFields<Record<string, unknown>>;

/**
 * The owner tying a contact sender's, subscriber's or payer's keys to an address on one tenant, `email:{tenantId}:{hash}`:
 * deleting an account of that address on that tenant erases them too.
 */
export const emailOwner = (hash: AddressHash, tenantId: number, email: unknown): string | null =>
  typeof email === 'string' && email ? emailSubject(hash, tenantId, email) : null;

export const emailSubject = (hash: AddressHash, tenantId: number, email: string): string => `email:${tenantId}:${hash('email', email)}`;

/** The per-event-type registry; features register theirs at import time, beside their event interfaces. */
export class PersonalDataRegistry {
  private readonly byType = new Map<string, Stored>();
  private readonly erasing = new Map<string, (data: Record<string, unknown>) => string | null>();

  register<D>(type: string, entry: PersonalFields<D>): this {
    this.byType.set(type, entry as unknown as Stored);
    return this;
  }

  /** undefined for every type with no personal data (Scanned among them: the scan path pays one map lookup). */
  of(type: string): Stored | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.keys()].sort();
  }

  /**
   * An event type that erases a subject (`PersonalDataErased`, and `UserDeleted` of accounts deleted before erasure
   * was recorded): the one-time sealing of old events (seal-legacy-events.ts) leaves such a subject's events unreadable.
   */
  registerErasure<D>(type: string, subject: (data: D) => string | null): this {
    this.erasing.set(type, subject as (data: Record<string, unknown>) => string | null);
    return this;
  }

  erasureTypes(): string[] {
    return [...this.erasing.keys()].sort();
  }

  erasedSubject(type: string, data: Record<string, unknown>): string | null {
    return this.erasing.get(type)?.(data) ?? null;
  }
}

export const personalData = new PersonalDataRegistry();

/** The value a sealed field reads as when the registry names none (an event type registered by a later version). */
export const ERASED = '[erased]';
