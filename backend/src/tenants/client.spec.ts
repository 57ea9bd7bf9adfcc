import type { Evolvable } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import {
  ClientState,
  decideCreate,
  decideDelete,
  decideEnsureDefault,
  decideUpdate,
  DEFAULT_CLIENT_EVENT_ID,
  evolveClient,
  initialClient,
} from './client';
import { ClientCreated, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './client.events';
import type { ClientInput } from './client-input';

const BASE = 'qrsharks.test';
const at = (iso: string) => ({ tenantId: 7, actorId: 'staff', correlationId: 'c', causationId: null, occurredAt: iso, schemaVersion: 1 });
const given = (...events: Evolvable[]): ClientState => events.reduce(evolveClient, initialClient);

const input: ClientInput = {
  name: 'Acme',
  customDomain: 'qr.acme.example',
  subdomain: 'acme',
  logoUrl: null,
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  customFavicon: null,
  removeQRCodeSharksBranding: false,
  customCSS: null,
  isActive: undefined,
};
const acmeCreated: ClientCreated = { clientId: 7, apiKey: 'qrs_key', ...input, isActive: true };
const created = { type: 'ClientCreated', data: acmeCreated, metadata: at('2026-01-01T10:00:00.000Z') };

const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('client: create', () => {
  it('given no events, when created, then ClientCreated with the id, the key and isActive defaulting to true', () => {
    expect(decideCreate(given(), { clientId: 7, apiKey: 'qrs_key', input, baseDomain: BASE })).toEqual([
      { type: 'ClientCreated', data: acmeCreated },
    ]);
    expect(
      decideCreate(given(), { clientId: 7, apiKey: 'qrs_key', input: { ...input, isActive: false }, baseDomain: BASE })[0].data,
    ).toMatchObject({ isActive: false });
  });

  it('refuses a custom domain under the product domain (400 on customDomain), and an id whose stream exists', () => {
    const error = refusal(() =>
      decideCreate(given(), { clientId: 7, apiKey: 'k', input: { ...input, customDomain: 'x.qrsharks.test' }, baseDomain: BASE }),
    );
    expect([error.status, error.fields]).toEqual([
      400,
      { customDomain: 'Custom domain cannot be under the product domain; use the subdomain field instead' },
    ]);
    expect(refusal(() => decideCreate(given(created), { clientId: 7, apiKey: 'k', input, baseDomain: BASE })).status).toBe(409);
  });

  it('evolve keeps the fields, the key and the times the read model shows', () => {
    expect(given(created)).toEqual({
      exists: true,
      deleted: false,
      fields: { ...input, isActive: true },
      apiKey: 'qrs_key',
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    });
  });
});

describe('client: update', () => {
  it('given a client, when saved with changes, then ClientUpdated with only the fields that change', () => {
    const events = decideUpdate(given(created), {
      clientId: 7,
      input: { ...input, name: 'Acme Food', customDomain: null },
      baseDomain: BASE,
    });
    expect(events).toEqual([{ type: 'ClientUpdated', data: { clientId: 7, changes: { name: 'Acme Food', customDomain: null } } }]);
    const after = given(created, { ...events[0], metadata: at('2026-01-02T10:00:00.000Z') });
    expect(after.fields).toMatchObject({ name: 'Acme Food', customDomain: null, subdomain: 'acme' });
    expect([after.createdAt, after.updatedAt]).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z']);
  });

  it('given a client, when saved unchanged (isActive absent keeps its value), then nothing', () => {
    expect(decideUpdate(given(created), { clientId: 7, input, baseDomain: BASE })).toEqual([]);
    expect(decideUpdate(given(created), { clientId: 7, input: { ...input, isActive: false }, baseDomain: BASE })).toEqual([
      { type: 'ClientUpdated', data: { clientId: 7, changes: { isActive: false } } },
    ]);
  });

  it('unknown and deleted clients are 404', () => {
    expect(refusal(() => decideUpdate(given(), { clientId: 7, input, baseDomain: BASE })).message).toBe('Client not found');
    const deleted = given(created, { type: 'ClientDeleted', data: { clientId: 7 } });
    expect(refusal(() => decideUpdate(deleted, { clientId: 7, input, baseDomain: BASE })).status).toBe(404);
  });
});

describe('client: delete', () => {
  it('given a client, when deleted, then ClientDeleted; again: 404', () => {
    expect(decideDelete(given(created), 7)).toEqual([{ type: 'ClientDeleted', data: { clientId: 7 } }]);
    expect(refusal(() => decideDelete(given(created, { type: 'ClientDeleted', data: { clientId: 7 } }), 7)).status).toBe(404);
    expect(refusal(() => decideDelete(given(), 8)).status).toBe(404);
  });

  it('the default client is never deleted (403)', () => {
    const error = refusal(() => decideDelete(given({ type: 'ClientCreated', data: { ...acmeCreated, clientId: 1 } }), 1));
    expect([error.status, error.message]).toEqual([403, 'The default client cannot be deleted']);
  });
});

describe('client: ensure the default', () => {
  it('given no events, ClientCreated for client 1 under its fixed event id; given it, nothing', () => {
    const events = decideEnsureDefault(given(), 'qrs_default');
    expect(events).toEqual([
      {
        type: 'ClientCreated',
        id: DEFAULT_CLIENT_EVENT_ID,
        data: expect.objectContaining({ clientId: 1, name: 'QR Code Sharks', apiKey: 'qrs_default', isActive: true }),
      },
    ]);
    expect(decideEnsureDefault(given(events[0]), 'qrs_other')).toEqual([]);
  });
});
