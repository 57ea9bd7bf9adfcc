import { encodeMapsLink, isUrlType } from '@qrsharks/qr-core';
import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { validateFields, type CodeChanges } from './code-input';
import { checkDestination, checkStaticContent, unresolvedReason, type DestinationPolicy } from '../destinations/destination';
import type { EventOf } from '../../event-store/typed-events';
import { QR_EVENTS, type CodeSideEvents, type QrCreated, type QrEvent, type StoredStyle } from './qr-code.events';
import { isEmptyRouting, type Routing } from '../routing/routing';
import { decideTakeSlot, type Allowance, type Limits } from '../trial/allowance';

/** The QR code aggregate: state folded from `qr-{id}`, and pure decisions. No Nest, no I/O. */
export interface QrState {
  exists: boolean;
  deleted: boolean;
  paused: boolean;
  tenantId: number | null;
  code: QrCreated | null;
  /** From the envelopes' occurredAt: what the read model's timestamps say, so an answer can be built without it. */
  createdAt: string | null;
  updatedAt: string | null;
  pausedAt: string | null;
  /** The argon2id hash /d/ checks (QrPasswordSet), null when the link is open. */
  passwordHash: string | null;
  /** The owner's name for the code (QrRenamed), null until one is given. */
  name: string | null;
  /** Staff's reason when the code is suspended (QrSuspended), null otherwise. */
  suspensionReason: string | null;
  /** Where scans go besides the destination (QrRoutingChanged), null without routing. */
  routing: Routing | null;
  /** The owner's tags (QrTagsChanged), in their order; [] until some are given. */
  tags: string[];
}

export const initialQr: QrState = {
  exists: false,
  deleted: false,
  paused: false,
  tenantId: null,
  code: null,
  createdAt: null,
  updatedAt: null,
  pausedAt: null,
  passwordHash: null,
  name: null,
  suspensionReason: null,
  routing: null,
  tags: [],
};

type LogoFields = { logoFileName?: string | null; logoFilePath?: string | null };
export type Actor = { userId: string; tenantId: number };

export function evolveQr(state: QrState, event: Evolvable): QrState {
  if (!QR_EVENTS.has(event)) return state;
  const at = event.metadata?.occurredAt ?? null;
  const touched = { ...state, updatedAt: at ?? state.updatedAt };
  switch (event.type) {
    case 'QrCreated':
      return {
        ...initialQr,
        exists: true,
        tenantId: event.metadata?.tenantId ?? null,
        code: structuredClone(event.data),
        createdAt: at,
        updatedAt: at,
      };
    case 'QrDestinationChanged': {
      if (!state.code) return state;
      const { after, destinationUnresolved } = event.data;
      const { destinationUnresolved: _earlier, ...code } = state.code;
      return { ...touched, code: { ...code, destination: after || null, ...(destinationUnresolved ? { destinationUnresolved } : {}) } };
    }
    case 'QrStyleChanged': {
      if (!state.code) return state;
      const { logoFileName, logoFilePath, ...style } = event.data.after;
      return {
        ...touched,
        code: {
          ...state.code,
          style: { ...state.code.style, ...style },
          ...(logoFileName !== undefined ? { logoFileName } : {}),
          ...(logoFilePath !== undefined ? { logoFilePath } : {}),
        },
      };
    }
    case 'QrContentChanged':
      return state.code ? { ...touched, code: { ...state.code, fields: { ...state.code.fields, ...event.data.after } } } : state;
    case 'QrPaused':
      return { ...touched, paused: true, pausedAt: at };
    case 'QrResumed':
      return { ...touched, paused: false, pausedAt: null };
    case 'QrPasswordSet':
      return { ...touched, passwordHash: event.data.passwordHash };
    case 'QrPasswordRemoved':
      return { ...touched, passwordHash: null };
    case 'QrRenamed':
      return { ...touched, name: event.data.after };
    case 'QrRoutingChanged':
      return { ...touched, routing: event.data.after };
    case 'QrTagsChanged':
      return { ...touched, tags: [...event.data.after] };
    case 'QrSuspended':
      return { ...touched, suspensionReason: event.data.reason };
    case 'QrSuspensionLifted':
      return { ...touched, suspensionReason: null };
    case 'QrDeleted':
      return { ...touched, deleted: true };
  }
}

export const NOT_FOUND = 'QR code not found';

/** Who may act on a code: its owner within its tenant. Anyone else learns nothing (404, never 403). */
export function assertOwner(state: QrState, actor: Actor): asserts state is QrState & { code: QrCreated } {
  if (!state.exists || state.deleted || !state.code) throw DomainError.notFound(NOT_FOUND);
  if (state.code.userId !== actor.userId || state.tenantId !== actor.tenantId) throw DomainError.notFound(NOT_FOUND);
}

function assertDynamic(state: QrState & { code: QrCreated }): void {
  if (state.code.mode !== 'dynamic') throw DomainError.invalid('Only dynamic QR codes can do this');
}

// ---------------------------------------------------------------- create

/** A code as the create command prepared it (input parsed, uploads resolved, logo stored): everything but the short code. */
export type NewCode = Omit<QrCreated, 'shortCode'>;

/**
 * Where a new dynamic code's /d/ link goes: web types to their URL (required), payment codes to their checkout, pdf
 * and images codes to their upload's page on the tenant's origin,
 * others to an http(s) destination the client chose, else nowhere (their hosted page answers /d/). Static: null.
 */
export function decideDestination(
  code: Pick<NewCode, 'qrId' | 'mode' | 'qrType' | 'fields'> & { destination: string | null },
  origin: string,
  policy: DestinationPolicy,
): string | null {
  if (code.mode !== 'dynamic') {
    checkStaticContent(code.fields, policy);
    return null;
  }
  if (isUrlType(code.qrType)) return checkDestination(code.destination ?? code.fields.url, policy);
  // An upload's page lives on the tenant's own origin, whatever host the generator was opened on.
  const upload = typeof code.fields.uploadId === 'string' ? code.fields.uploadId : null;
  if (upload && (code.qrType === 'pdf' || code.qrType === 'images')) return `${origin}/${code.qrType}/${upload}`;
  if (code.destination) return checkDestination(code.destination, policy);
  if (code.qrType === 'payment') return `${origin}/payment?id=${code.qrId}`;
  return null;
}

/** What a create appends, per stream: `qr-{id}` always; `shortcode-{code}` and `user-{id}` for dynamic codes. */
export interface CreateDecision {
  qr: Extract<QrEvent, { type: 'QrCreated' | 'QrRenamed' }>[];
  shortCode: EventOf<Pick<CodeSideEvents, 'ShortCodeReserved'>>[];
  user: EventOf<Pick<CodeSideEvents, 'DynamicQrSlotTaken'>>[];
}

/**
 * Given the user's allowance (folded from `user-{id}`; null for a static code, which needs none), when a code is
 * created, then QrCreated, plus for a dynamic code its short code reservation and a cap slot: or the cap's refusal.
 */
export function decideCreate(
  allowance: Allowance | null,
  limits: Limits,
  now: Date,
  code: NewCode,
  shortCode: string,
  name: string | null = null,
): CreateDecision {
  // A name given at creation (the dashboard's duplicate) is the same QrRenamed a later rename records, in the same append.
  const named: Extract<QrEvent, { type: 'QrRenamed' }>[] = name
    ? [{ type: 'QrRenamed', data: { qrId: code.qrId, before: null, after: name } }]
    : [];
  if (code.mode === 'static') return { qr: [{ type: 'QrCreated', data: { ...code, shortCode: null } }, ...named], shortCode: [], user: [] };
  if (!allowance) throw new Error('A dynamic code is decided on the allowance of its owner');
  const slot = decideTakeSlot(allowance, limits, now, code.userId, code.qrId);
  return {
    qr: [{ type: 'QrCreated', data: { ...code, shortCode } }, ...named],
    shortCode: [{ type: 'ShortCodeReserved', data: { shortCode, qrId: code.qrId } }],
    user: [slot],
  };
}

// ---------------------------------------------------------------- changes

export function decideChangeDestination(state: QrState, actor: Actor, destination: unknown, policy: DestinationPolicy): QrEvent[] {
  assertOwner(state, actor);
  assertDynamic(state);
  const after = checkDestination(destination, policy);
  const before = state.code.destination ?? '';
  const unresolved = unresolvedReason(after, policy);
  // Destinations stored before they were normalised compare by what the redirect sends for them.
  return before === after || sameUrl(before, after)
    ? []
    : [
        {
          type: 'QrDestinationChanged',
          data: { qrId: state.code.qrId, before, after, ...(unresolved ? { destinationUnresolved: unresolved } : {}) },
        },
      ];
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === b;
  } catch {
    return false;
  }
}

/** Records only the fields that really change, so the audit trail shows real differences. */
export function decideChangeStyle(state: QrState, actor: Actor, changes: Partial<StoredStyle> & LogoFields): QrEvent[] {
  assertOwner(state, actor);
  const current: Record<string, unknown> = {
    ...state.code.style,
    logoFileName: state.code.logoFileName,
    logoFilePath: state.code.logoFilePath,
  };
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
export function decideChangeContent(state: QrState, actor: Actor, fields: Record<string, unknown>): QrEvent[] {
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

const UPLOAD_REFERENCES = ['uploadId', 'pdfUrl', 'pdfFileName', 'imageUrl', 'imageFileName'];

export const STATIC_CONTENT_FIXED =
  "A static QR code's content is printed in its pattern and cannot be changed. Duplicate it to make a new code with this content changed.";

/**
 * Where a dynamic code's content leads, for the types whose destination is made from their content (a web address's
 * url, a map link from the location's fields); undefined for the others (their destination is a hosted page, a
 * checkout or an upload, which a content change does not move).
 */
export function contentDestination(qrType: string, fields: Record<string, unknown>): string | undefined {
  if (isUrlType(qrType)) return typeof fields.url === 'string' ? fields.url : '';
  if (qrType === 'location') return encodeMapsLink(fields);
  return undefined;
}

/**
 * PUT of a code: destination, content (validated for the code's own type), style and logo in one decision, so all
 * of it lands at one revision or none does. `logo` is the stored new logo (the command stores the file first).
 * `routeMode` 'dynamic' (the dynamic route) does not touch static codes.
 */
export function decideUpdate(
  state: QrState,
  actor: Actor,
  changes: CodeChanges,
  logo: { logoFileName: string; logoFilePath: string } | null,
  policy: DestinationPolicy,
  routeMode?: 'dynamic',
): QrEvent[] {
  assertOwner(state, actor);
  if (routeMode && state.code.mode !== routeMode) throw DomainError.notFound(NOT_FOUND);
  const styleChanges: Partial<StoredStyle> & LogoFields = { ...changes.style };
  if (
    changes.destination === undefined &&
    changes.name === undefined &&
    changes.content === undefined &&
    !Object.keys(styleChanges).length &&
    !logo &&
    !changes.removeLogo
  ) {
    if (state.code.mode === 'dynamic') throw DomainError.invalid('URL is required', 'destination');
    throw DomainError.invalid('Nothing to change');
  }
  const out: QrEvent[] = [];
  if (changes.name !== undefined) out.push(...decideRename(state, actor, changes.name));
  let fields: Record<string, unknown> | null = null;
  if (changes.content !== undefined) {
    // A static code's content is its printed pattern: a new content is a new code (the dashboard's Duplicate and edit).
    if (state.code.mode === 'static') throw DomainError.invalid(STATIC_CONTENT_FIXED, 'qrData');
    fields = validateFields(state.code.qrType, changes.content);
    // Upload references stay unless replaced.
    for (const key of UPLOAD_REFERENCES)
      if (state.code.fields[key] !== undefined && fields[key] === undefined) fields[key] = state.code.fields[key];
  }
  // A dynamic web or map code leads where its content says, unless the same PUT names the destination itself.
  const destination = changes.destination ?? (fields ? contentDestination(state.code.qrType, fields) : undefined);
  if (destination !== undefined) out.push(...decideChangeDestination(state, actor, destination, policy));
  if (fields) out.push(...decideChangeContent(state, actor, fields));
  if (logo) Object.assign(styleChanges, logo);
  if (changes.removeLogo) Object.assign(styleChanges, { logoFileName: null, logoFilePath: null });
  out.push(...decideChangeStyle(state, actor, styleChanges));
  return out;
}

export const NAME_MAX = 100;

/**
 * The dashboard's rename: the owner's own label for a code, static or dynamic. Blank (or null) clears it, so the code
 * is shown by its content or destination again; the same name again records nothing.
 */
export function decideRename(state: QrState, actor: Actor, name: string | null): QrEvent[] {
  assertOwner(state, actor);
  const after = name?.trim() || null;
  if (after && after.length > NAME_MAX) throw DomainError.invalid(`Name must be at most ${NAME_MAX} characters`, 'name');
  return after === state.name ? [] : [{ type: 'QrRenamed', data: { qrId: state.code.qrId, before: state.name, after } }];
}

/**
 * PUT /api/dynamic-qrcodes/{id}/routing: `routing` is what the route's schema accepted (routing.schemas.ts); every
 * destination in it passes the destination policy (a 400 names its field, `rules.0.destination`), stored as the redirect
 * sends it. An empty routing removes it; the same routing again records nothing.
 */
export function decideChangeRouting(state: QrState, actor: Actor, routing: Routing, policy: DestinationPolicy): QrEvent[] {
  assertOwner(state, actor);
  if (state.code.mode !== 'dynamic') throw DomainError.notFound(NOT_FOUND);
  const checked = (value: string, field: string) => {
    try {
      return checkDestination(value, policy);
    } catch (error) {
      if (error instanceof DomainError) throw DomainError.invalid(error.message, field);
      throw error;
    }
  };
  const after: Routing = {};
  if (routing.rules?.length)
    after.rules = routing.rules.map((rule, i) => ({ when: rule.when, destination: checked(rule.destination, `rules.${i}.destination`) }));
  if (routing.split?.length)
    after.split = routing.split.map((arm, i) => ({ destination: checked(arm.destination, `split.${i}.destination`), weight: arm.weight }));
  if (routing.limits && Object.values(routing.limits).some((value) => value !== undefined)) {
    const { afterLimit, ...limits } = routing.limits;
    after.limits = { ...limits, ...(afterLimit !== undefined ? { afterLimit: checked(afterLimit, 'limits.afterLimit') } : {}) };
  }
  const next = isEmptyRouting(after) ? null : after;
  // Stored events come back with their keys in jsonb's order: compared key-sorted.
  if (canonical(next) === canonical(state.routing)) return [];
  return [{ type: 'QrRoutingChanged', data: { qrId: state.code.qrId, before: state.routing, after: next } }];
}

/** JSON with every object's keys sorted: the same value however its keys were ordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Pausing a paused code (or resuming an active one) changes nothing and records nothing. */
export function decidePause(state: QrState, actor: Actor): QrEvent[] {
  assertOwner(state, actor);
  assertDynamic(state);
  return state.paused ? [] : [{ type: 'QrPaused', data: { qrId: state.code.qrId } }];
}

export function decideResume(state: QrState, actor: Actor): QrEvent[] {
  assertOwner(state, actor);
  assertDynamic(state);
  if (state.suspensionReason !== null) throw DomainError.forbidden(SUSPENDED_NO_RESUME);
  return state.paused ? [{ type: 'QrResumed', data: { qrId: state.code.qrId } }] : [];
}

/**
 * PUT /api/dynamic-qrcodes/{id}/password: `passwordHash` is the argon2id hash the command made of a password the
 * route's schema accepted (codePasswordSchema). Setting one always records (a new password replaces the old; the
 * hashes never compare equal), owner and dynamic codes only.
 */
export function decideSetPassword(state: QrState, actor: Actor, passwordHash: string): QrEvent[] {
  assertOwner(state, actor);
  if (state.code.mode !== 'dynamic') throw DomainError.notFound(NOT_FOUND);
  if (!passwordHash) throw new Error('A password is set by its hash');
  return [{ type: 'QrPasswordSet', data: { qrId: state.code.qrId, passwordHash } }];
}

/** DELETE /api/dynamic-qrcodes/{id}/password: removing a password that is not set records nothing. */
export function decideRemovePassword(state: QrState, actor: Actor): QrEvent[] {
  assertOwner(state, actor);
  if (state.code.mode !== 'dynamic') throw DomainError.notFound(NOT_FOUND);
  return state.passwordHash ? [{ type: 'QrPasswordRemoved', data: { qrId: state.code.qrId } }] : [];
}

/** `mode` is the route's: DELETE /api/qrcodes/{id} removes static codes, /api/dynamic-qrcodes/{id} dynamic ones. */
export function decideDelete(state: QrState, actor: Actor, mode?: 'static' | 'dynamic'): QrEvent[] {
  assertOwner(state, actor);
  if (mode && state.code.mode !== mode) throw DomainError.notFound(NOT_FOUND);
  return [{ type: 'QrDeleted', data: { qrId: state.code.qrId } }];
}

/** A deleted dynamic code frees its cap slot on `user-{owner}` (its short code stays reserved forever). */
export function releasedSlot(state: QrState): EventOf<Pick<CodeSideEvents, 'DynamicQrSlotReleased'>>[] {
  return state.code?.mode === 'dynamic'
    ? [{ type: 'DynamicQrSlotReleased', data: { userId: state.code.userId, qrId: state.code.qrId } }]
    : [];
}

// ---------------------------------------------------------------- staff (abuse)

export const SUSPENDED_NO_RESUME = 'This QR code was suspended by our staff and cannot be resumed. Please contact support.';
export const SUSPEND_STATIC = 'Only dynamic QR codes can be suspended: a static code carries its content itself';

/**
 * Staff may act on codes of their own tenant, and the default brand's staff (client 1) on every tenant's; any other
 * code is unknown to them (404), like a code that does not exist.
 */
export function assertStaffReach(state: QrState, staffTenantId: number): asserts state is QrState & { code: QrCreated } {
  if (!state.exists || state.deleted || !state.code) throw DomainError.notFound(NOT_FOUND);
  if (staffTenantId !== 1 && state.tenantId !== staffTenantId) throw DomainError.notFound(NOT_FOUND);
}

/** `reason` is parsed at the edge (required text). A suspended code keeps its first reason: suspending again records nothing. */
export function decideSuspend(state: QrState, staffTenantId: number, reason: string): QrEvent[] {
  assertStaffReach(state, staffTenantId);
  if (state.code.mode !== 'dynamic') throw DomainError.invalid(SUSPEND_STATIC);
  if (state.suspensionReason !== null) return [];
  return [{ type: 'QrSuspended', data: { qrId: state.code.qrId, reason } }];
}

export function decideLiftSuspension(state: QrState, staffTenantId: number): QrEvent[] {
  assertStaffReach(state, staffTenantId);
  return state.suspensionReason === null ? [] : [{ type: 'QrSuspensionLifted', data: { qrId: state.code.qrId } }];
}
