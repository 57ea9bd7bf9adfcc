import type { RecordedEvent } from './event-store';

/** Anything with a type and data: a stored event, a new envelope, an event a decide function returned. */
export interface TypedEventLike {
  type: string;
  data: unknown;
}

/**
 * An event of the catalogue `M` (a map from event type to its data), discriminated on `type`: after
 * `switch (event.type)` or `event.type === 'QrCreated'` the compiler knows `event.data`'s fields. `E` is the envelope kept
 * around it: a recorded event unless said otherwise (`DomainEvent<QrEvents, Evolvable>` inside an evolve function).
 */
export type DomainEvent<M, E extends TypedEventLike = RecordedEvent> = {
  [K in keyof M & string]: E & { type: K; data: M[K] };
}[keyof M & string];

/** The typed union of a catalogue value: `EventIn<typeof CONSUMED>` for the events a projection reads. */
export type EventIn<C, E extends TypedEventLike = RecordedEvent> = C extends EventCatalogue<infer M> ? DomainEvent<M, E> : never;

/** The bare `{ type, data }` union of a catalogue: what a decide function returns. */
export type EventOf<M> = { [K in keyof M & string]: { type: K; data: M[K] } }[keyof M & string];

/**
 * A feature's events at run time: their types, and the one check that turns a stored event into the typed union. The
 * data is taken as the type's current shape: the store raises old versions on read (upcasters.ts), and the shapes'
 * optional fields are how older events of version 1 read (docs/events.md).
 */
export interface EventCatalogue<M> {
  /** Every type of the catalogue, in the order it was declared (a projection's `eventTypes`). */
  readonly types: readonly (keyof M & string)[];
  /** True, and `event` narrowed to the union, when its type is one of the catalogue's. */
  has<E extends TypedEventLike>(event: E): event is DomainEvent<M, E>;
  /** The events of the catalogue among `events`, typed, in their order. */
  among<E extends TypedEventLike>(events: readonly E[]): DomainEvent<M, E>[];
  /** A part of the catalogue, in the order given: the types another feature (or one of our projections) reads. */
  pick<K extends keyof M & string>(...types: K[]): EventCatalogue<Pick<M, K>>;
  /** This catalogue and another as one: a projection that reads several features' events. */
  and<N>(other: EventCatalogue<N>): EventCatalogue<M & N>;
}

function catalogueOf<M>(types: readonly (keyof M & string)[]): EventCatalogue<M> {
  const known: ReadonlySet<string> = new Set(types);
  const has = <E extends TypedEventLike>(event: E): event is DomainEvent<M, E> => known.has(event.type);
  return {
    types,
    has,
    among: <E extends TypedEventLike>(events: readonly E[]) => events.filter((event): event is DomainEvent<M, E> => has(event)),
    pick: <K extends keyof M & string>(...picked: K[]) => catalogueOf<Pick<M, K>>([...new Set(picked)].filter((type) => known.has(type))),
    and: <N>(other: EventCatalogue<N>) => catalogueOf<M & N>([...new Set([...types, ...other.types])] as (keyof (M & N) & string)[]),
  };
}

/**
 * A feature's catalogue, declared by its owner from its map of types to data: `eventCatalogue<QrEvents>({ QrCreated: true,
 * ... })`. The object form makes the compiler check that every type of the map is listed, once, and nothing else.
 */
export function eventCatalogue<M>(types: { readonly [K in keyof M & string]-?: true }): EventCatalogue<M> {
  return catalogueOf<M>(Object.keys(types) as (keyof M & string)[]);
}

/**
 * An event's data as a JSON record, for code that treats every event alike (the audit log's redacted copy and its
 * sentences): the fields by name, never typed. Data that is not an object reads as no fields.
 */
export function dataRecord(event: TypedEventLike): Record<string, unknown> {
  const { data } = event;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data } : {};
}
