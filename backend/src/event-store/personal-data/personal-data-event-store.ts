import type {
  AllPosition,
  AppendResult,
  EventsHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoreLag,
  StreamAppend,
  SubscribeAllOptions,
  Subscription,
} from '../event-store';
import { dataRecord } from '../typed-events';
import { decryptField, encryptField } from './field-crypto';
import { PERSONAL_DATA_ERASED } from './personal-data-erased';
import type { PersonalDataKeys } from './personal-data-keys';
import { ERASED, PersonalDataRegistry, personalData, type AddressHash } from './personal-data-registry';

/** Where a sealed event keeps its key id and the names of its sealed fields. */
export const SEAL = '$pd';
interface Seal {
  /** personal_data_keys.id */
  k: string;
  /** the subject (an id or a salted hash, never plain personal data): erased values may be made from it */
  s: string;
  /** the sealed fields' paths: a top-level name, or names joined by dots for a field nested in objects (`style.frameText`) */
  f: string[];
}

/**
 * The one place personal data is sealed and opened (issue 32 item 1): the event-store port, wrapped. An append seals
 * the fields the registry names with their subject's key; every read opens them again, so projections, decide
 * functions and the mail dispatcher see plain fields; a field whose key is erased reads as the registry's erased value.
 * Events of unregistered types (Scanned, ...) pass through untouched: one map lookup each, no key lookup.
 */
export class PersonalDataEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly keys: PersonalDataKeys,
    private readonly registry: PersonalDataRegistry = personalData,
  ) {}

  async append(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    return this.inner.append(streamId, await this.seal(events), options);
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    const sealed = await this.seal(appends.flatMap((append) => append.events));
    let at = 0;
    return this.inner.appendMany(
      appends.map((append) => {
        const events = sealed.slice(at, at + append.events.length);
        at += append.events.length;
        return { ...append, events };
      }),
    );
  }

  /** Present when the wrapped store has it (Postgres): sealed as appendMany seals. */
  get appendNew(): EventStore['appendNew'] {
    const inner = this.inner.appendNew?.bind(this.inner);
    if (!inner) return undefined;
    return async (appends) => {
      const sealed = await this.seal(appends.flatMap((append) => append.events));
      let at = 0;
      await inner(
        appends.map((append) => {
          const events = sealed.slice(at, at + append.events.length);
          at += append.events.length;
          return { streamId: append.streamId, events };
        }),
      );
    };
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.open(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.open(await this.inner.readAll(options));
  }

  subscribeAll(options: SubscribeAllOptions, handler: EventsHandler): Subscription {
    return this.inner.subscribeAll(options, async (events) => handler(await this.open(events)));
  }

  headPosition(): Promise<AllPosition | null> {
    return this.inner.headPosition();
  }

  countAll(): Promise<number | null> {
    return this.inner.countAll();
  }

  lag(checkpoint: AllPosition): Promise<StoreLag | null> {
    return this.inner.lag(checkpoint);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Copies of the events with their personal fields sealed; the caller's objects are left as they were. */
  async seal(events: NewEvent[]): Promise<NewEvent[]> {
    const hash = (kind: string, address: string) => this.keys.hash(kind, address);
    const plans = events.map((event) => sealPlan(this.registry, event, hash));
    if (!plans.some(Boolean)) return events;
    const subjects = new Map<string, string | null>();
    for (const plan of plans) if (plan && !subjects.get(plan.subject)) subjects.set(plan.subject, plan.owner);
    const keys = await this.keys.liveKeys(subjects);
    return events.map((event, i) => {
      const plan = plans[i];
      if (!plan) return event;
      const key = keys.get(plan.subject)!;
      return { ...event, data: sealedData(event, plan, key.id, key.key) };
    });
  }

  /** The events with their sealed fields opened (or erased); events with nothing sealed are returned as they are. */
  async open(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    let ids: string[] | null = null;
    for (const event of events) {
      if (event.type === PERSONAL_DATA_ERASED) this.keys.forget(); // every reader forgets the keys it holds
      const seal = sealOf(event);
      if (seal) (ids ??= []).push(seal.k);
    }
    if (!ids) return events;
    const keys = await this.keys.keysById(ids);
    return events.map((event) => {
      const seal = sealOf(event);
      if (!seal) return event;
      const key = keys.get(seal.k) ?? null;
      const erased = this.registry.of(event.type)?.fields ?? {};
      let data = dataRecord(event);
      delete data[SEAL];
      for (const path of seal.f) {
        const sealed = valueAt(data, path);
        const value =
          key && typeof sealed === 'string'
            ? decryptField(key, event.id, path, sealed)
            : erasedValue((erased as Record<string, unknown>)[path], path in erased, seal.s);
        data = withValueAt(data, path, value);
      }
      return { ...event, data };
    });
  }
}

/** What of an event is to be sealed, with which subject's key; null when nothing is (or it is sealed already). */
export interface SealPlan {
  subject: string;
  owner: string | null;
  fields: string[];
}

export function sealPlan(registry: PersonalDataRegistry, event: NewEvent, hash: AddressHash): SealPlan | null {
  const entry = registry.of(event.type);
  if (!entry) return null;
  const data = dataRecord(event);
  if (SEAL in data) return null; // sealed already (a copied event)
  const fields = Object.keys(entry.fields).filter((path) => valueAt(data, path) !== undefined);
  const subject = fields.length ? entry.subject(data, event as NewEvent<Record<string, unknown>>, hash) : null;
  if (!subject) return null;
  return { subject, owner: entry.owner?.(data, event as NewEvent<Record<string, unknown>>, hash) ?? null, fields };
}

/** The event's data with the plan's fields sealed under `key` (key id `keyId`), and the seal that names them. */
export function sealedData(
  event: Pick<NewEvent, 'id' | 'type' | 'data'>,
  plan: SealPlan,
  keyId: string,
  key: Buffer,
): Record<string, unknown> {
  let data = dataRecord(event);
  for (const path of plan.fields) data = withValueAt(data, path, encryptField(key, event.id, path, valueAt(data, path)));
  data[SEAL] = { k: keyId, s: plan.subject, f: plan.fields } satisfies Seal;
  return data;
}

/** The value at a field's path (`name` or `outer.inner`); undefined when any step is missing or not an object. */
export function valueAt(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const name of path.split('.')) {
    if (!at || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[name];
  }
  return at;
}

/** A copy of `data` with the value at `path` replaced; every object on the way is copied, the caller's stay as they were. */
export function withValueAt(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [name, ...rest] = path.split('.');
  if (!rest.length) return { ...data, [name]: value };
  const inner = data[name];
  const object = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...data, [name]: withValueAt(object, rest.join('.'), value) };
}

function erasedValue(value: unknown, named: boolean, subject: string): unknown {
  if (!named) return ERASED;
  return typeof value === 'function' ? (value as (subject: string) => unknown)(subject) : value;
}

function sealOf(event: RecordedEvent): Seal | null {
  const seal = valueAt(event.data, SEAL) as Seal | undefined;
  return seal && typeof seal.k === 'string' && Array.isArray(seal.f) ? seal : null;
}
