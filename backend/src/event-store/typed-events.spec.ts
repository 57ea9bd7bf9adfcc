import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { USER_STREAM_EVENTS, type UserStreamEvents } from '../accounts';
import { CODE_SIDE_EVENTS, QR_EVENTS, type QrEvents } from '../codes';
import type { RecordedEvent } from './event-store';
import { dataRecord, eventCatalogue, type DomainEvent } from './typed-events';

const recorded = (type: string, data: unknown, streamId = 'qr-q1'): RecordedEvent => ({
  id: `${type}-1`,
  type,
  data,
  streamId,
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  metadata: {
    tenantId: 1,
    actorId: 'u1',
    correlationId: 'c1',
    causationId: null,
    occurredAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: 1,
  },
});

describe('event catalogues (issue 29 item 1: typed events instead of `event.data as X`)', () => {
  it('lists a catalogue in the order its owner declared it, and narrows only events of its types', () => {
    expect(QR_EVENTS.types.slice(0, 3)).toEqual(['QrCreated', 'QrDestinationChanged', 'QrStyleChanged']);
    expect(QR_EVENTS.has(recorded('QrPaused', { qrId: 'q1' }))).toBe(true);
    expect(QR_EVENTS.has(recorded('Scanned', { qrId: 'q1' }))).toBe(false);
    expect(QR_EVENTS.has(recorded('hasOwnProperty', {}))).toBe(false);
  });

  it('picks a part of a catalogue in the order given and joins catalogues, keeping each type once', () => {
    const consumed = QR_EVENTS.pick('QrDeleted', 'QrCreated').and(USER_STREAM_EVENTS.pick('UserDeleted')).and(QR_EVENTS.pick('QrCreated'));
    expect(consumed.types).toEqual(['QrDeleted', 'QrCreated', 'UserDeleted']);
    const batch = [recorded('QrCreated', {}), recorded('QrPaused', {}), recorded('UserDeleted', {}, 'user-u1'), recorded('Scanned', {})];
    expect(consumed.among(batch).map((event) => event.type)).toEqual(['QrCreated', 'UserDeleted']);
  });

  it('keeps the envelope of what it narrows (a stored event keeps its stream, position and metadata)', () => {
    const event = recorded('DynamicQrSlotTaken', { userId: 'u1', qrId: 'q1' }, 'user-u1');
    if (!CODE_SIDE_EVENTS.has(event) || event.type !== 'DynamicQrSlotTaken') throw new Error('not narrowed');
    expect([event.streamId, event.metadata.tenantId, event.data.qrId]).toEqual(['user-u1', 1, 'q1']);
  });

  it('reads an event as a record of its fields for code that treats every event alike, and a non-object as none', () => {
    expect(dataRecord(recorded('QrPaused', { qrId: 'q1' }))).toEqual({ qrId: 'q1' });
    expect(dataRecord(recorded('QrPaused', null))).toEqual({});
    expect(dataRecord(recorded('QrPaused', ['q1']))).toEqual({});
  });

  // Type-level checks: `npm run typecheck` compiles this file, so each @ts-expect-error fails it once the compiler
  // stops refusing the line below it (an event read as `unknown` or `any` again, a catalogue missing a type).
  it('lets the compiler check the fields of each type', () => {
    const fold = (event: RecordedEvent): string => {
      if (!QR_EVENTS.has(event)) return 'other';
      switch (event.type) {
        case 'QrCreated':
          return `${event.data.mode} ${event.data.shortCode ?? ''}`;
        case 'QrPaused':
          // @ts-expect-error QrPaused carries the code's id only, not its owner
          return event.data.userId;
        default:
          return event.data.qrId;
      }
    };
    expect(fold(recorded('QrCreated', { mode: 'dynamic', shortCode: 'abcd1234' }))).toBe('dynamic abcd1234');
    expect(fold(recorded('QrDeleted', { qrId: 'q1' }))).toBe('q1');

    const userEvent = (event: DomainEvent<UserStreamEvents>): string =>
      // @ts-expect-error RoleGranted names a role, not an email address
      event.type === 'RoleGranted' ? event.data.email : event.type;
    expect(USER_STREAM_EVENTS.among([recorded('UserDeleted', { userId: 'u1' }, 'user-u1')]).map(userEvent)).toEqual(['UserDeleted']);

    // @ts-expect-error a catalogue lists every type of its map: QrDeleted is missing
    const partial = eventCatalogue<Pick<QrEvents, 'QrCreated' | 'QrDeleted'>>({ QrCreated: true });
    // @ts-expect-error and nothing else
    const extra = eventCatalogue<Pick<QrEvents, 'QrCreated'>>({ QrCreated: true, Scanned: true });
    expect([partial.types, extra.types]).toEqual([['QrCreated'], ['QrCreated', 'Scanned']]);
  });

  it('no file under src/ reads an event by casting its data (`event.data as X`): the catalogues type it', () => {
    const SRC = join(__dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
      );
    const casts = files(SRC)
      .filter((file) => file !== __filename)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => (/\bevent\.data as\b/.test(line) ? [`${relative(SRC, file)}:${index + 1}`] : [])),
      );
    expect(casts).toEqual([]);
  });
});
