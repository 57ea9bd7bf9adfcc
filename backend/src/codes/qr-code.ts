import type { RecordedEvent } from '../event-store/event-store';
import type { QrContentChanged, QrCreated, QrDestinationChanged, QrEvent, QrStyleChanged, StoredStyle } from './qr-code.events';

/** The QR code aggregate: state folded from `qr-{id}`, and pure decisions. No Nest, no I/O. */
export interface QrState {
  exists: boolean;
  deleted: boolean;
  paused: boolean;
  tenantId: number | null;
  code: QrCreated | null;
}

export const initialQr: QrState = { exists: false, deleted: false, paused: false, tenantId: null, code: null };

type LogoFields = { logoFileName?: string | null; logoFilePath?: string | null };

export function evolveQr(state: QrState, event: RecordedEvent | (QrEvent & { metadata?: { tenantId: number } })): QrState {
  switch (event.type) {
    case 'QrCreated':
      return { exists: true, deleted: false, paused: false, tenantId: event.metadata?.tenantId ?? null, code: structuredClone(event.data as QrCreated) };
    case 'QrDestinationChanged':
      return state.code ? { ...state, code: { ...state.code, destination: (event.data as QrDestinationChanged).after || null } } : state;
    case 'QrStyleChanged': {
      if (!state.code) return state;
      const { logoFileName, logoFilePath, ...style } = (event.data as QrStyleChanged).after as Partial<StoredStyle> & LogoFields;
      return {
        ...state,
        code: {
          ...state.code,
          style: { ...state.code.style, ...style },
          ...(logoFileName !== undefined ? { logoFileName } : {}),
          ...(logoFilePath !== undefined ? { logoFilePath } : {}),
        },
      };
    }
    case 'QrContentChanged':
      return state.code ? { ...state, code: { ...state.code, fields: { ...state.code.fields, ...(event.data as QrContentChanged).after } } } : state;
    case 'QrPaused':
      return { ...state, paused: true };
    case 'QrResumed':
      return { ...state, paused: false };
    case 'QrDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

/** A refusal of a command; the service maps it to its HTTP status. */
export class QrDecisionError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const NOT_FOUND = 'QR code not found';

/** Who may act on a code: its owner within its tenant. Anyone else learns nothing (404, never 403). */
export function assertOwner(state: QrState, actor: { userId: string; tenantId: number }): asserts state is QrState & { code: QrCreated } {
  if (!state.exists || state.deleted || !state.code) throw new QrDecisionError(NOT_FOUND, 404);
  if (state.code.userId !== actor.userId || state.tenantId !== actor.tenantId) throw new QrDecisionError(NOT_FOUND, 404);
}

function assertDynamic(state: QrState & { code: QrCreated }): void {
  if (state.code.mode !== 'dynamic') throw new QrDecisionError('Only dynamic QR codes can do this', 400);
}

/** Destination edit (core spec section 5): non-empty, a valid URL, http or https only. */
export function checkDestination(raw: unknown): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) throw new QrDecisionError('URL is required', 400, 'destination');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new QrDecisionError('Please enter a valid URL', 400, 'destination');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new QrDecisionError('URL must use http or https protocol', 400, 'destination');
  if (!url.hostname) throw new QrDecisionError('Please enter a valid URL', 400, 'destination');
  if (value.length > 2048) throw new QrDecisionError('URL must be at most 2048 characters', 400, 'destination');
  return value;
}

export function decideChangeDestination(state: QrState, actor: { userId: string; tenantId: number }, destination: unknown): QrEvent[] {
  assertOwner(state, actor);
  assertDynamic(state);
  const after = checkDestination(destination);
  const before = state.code.destination ?? '';
  return before === after ? [] : [{ type: 'QrDestinationChanged', data: { qrId: state.code.qrId, before, after } }];
}

/** Records only the fields that really change, so the audit trail shows real differences. */
export function decideChangeStyle(state: QrState, actor: { userId: string; tenantId: number }, changes: Partial<StoredStyle> & LogoFields): QrEvent[] {
  assertOwner(state, actor);
  const current: Record<string, unknown> = { ...state.code.style, logoFileName: state.code.logoFileName, logoFilePath: state.code.logoFilePath };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || !(key in current) || current[key] === value) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return Object.keys(after).length ? [{ type: 'QrStyleChanged', data: { qrId: state.code.qrId, before, after } }] : [];
}

/** `fields` are already validated for the code's type (the whole new content). */
export function decideChangeContent(state: QrState, actor: { userId: string; tenantId: number }, fields: Record<string, unknown>): QrEvent[] {
  assertOwner(state, actor);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (JSON.stringify(state.code.fields[key]) === JSON.stringify(value)) continue;
    before[key] = state.code.fields[key] ?? null;
    after[key] = value;
  }
  return Object.keys(after).length ? [{ type: 'QrContentChanged', data: { qrId: state.code.qrId, before, after } }] : [];
}

/** Pausing a paused code (or resuming an active one) changes nothing and records nothing. */
export function decidePause(state: QrState, actor: { userId: string; tenantId: number }): QrEvent[] {
  assertOwner(state, actor);
  assertDynamic(state);
  return state.paused ? [] : [{ type: 'QrPaused', data: { qrId: state.code.qrId } }];
}

export function decideResume(state: QrState, actor: { userId: string; tenantId: number }): QrEvent[] {
  assertOwner(state, actor);
  assertDynamic(state);
  return state.paused ? [{ type: 'QrResumed', data: { qrId: state.code.qrId } }] : [];
}

/** `mode` is the route's: DELETE /api/qrcodes/{id} removes static codes, /api/dynamic-qrcodes/{id} dynamic ones. */
export function decideDelete(state: QrState, actor: { userId: string; tenantId: number }, mode?: 'static' | 'dynamic'): QrEvent[] {
  assertOwner(state, actor);
  if (mode && state.code.mode !== mode) throw new QrDecisionError(NOT_FOUND, 404);
  return [{ type: 'QrDeleted', data: { qrId: state.code.qrId } }];
}
