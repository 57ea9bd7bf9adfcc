import type { RecordedEvent } from './event-store';

/** One step: the data of version n to the data of version n + 1. */
export type UpcastFn<From = never, To = unknown> = (data: From) => To;
type StoredStep = (data: unknown) => unknown;

/**
 * Raises old event shapes to the current one on read; stored events are never rewritten.
 * Register one step per version: (type, fromVersion) -> data of fromVersion + 1.
 */
export class Upcasters {
  private readonly steps = new Map<string, StoredStep>();

  /** The step's input type is the caller's promise about what version `fromVersion` of `type` looks like. */
  register<From, To>(type: string, fromVersion: number, up: UpcastFn<From, To>): this {
    this.steps.set(`${type}@${fromVersion}`, up as StoredStep);
    return this;
  }

  apply<T>(event: RecordedEvent<T>): RecordedEvent<T> {
    let { data } = event as RecordedEvent<unknown>;
    let version = event.metadata.schemaVersion;
    for (let step = this.steps.get(`${event.type}@${version}`); step; step = this.steps.get(`${event.type}@${version}`)) {
      data = step(data);
      version += 1;
    }
    if (version === event.metadata.schemaVersion) return event;
    return { ...event, data: data as T, metadata: { ...event.metadata, schemaVersion: version } };
  }
}

/** The product's registry; features register their upcasters at import time. */
export const upcasters = new Upcasters();
