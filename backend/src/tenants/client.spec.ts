import type { Evolvable } from '../command-pipeline/command-pipeline';
import { aggregate } from '../test-support/given-when-then';
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
const client = aggregate<ClientState, Evolvable>(initialClient, evolveClient);
const { given } = client;

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

describe('client: create', () => {
  it('given no events, when created, then ClientCreated with the id, the key and isActive defaulting to true', () => {
    given()
      .when((state) => decideCreate(state, { clientId: 7, apiKey: 'qrs_key', input, baseDomain: BASE }))
      .then([{ type: 'ClientCreated', data: acmeCreated }]);
    expect(
      given().when((state) =>
        decideCreate(state, { clientId: 7, apiKey: 'qrs_key', input: { ...input, isActive: false }, baseDomain: BASE }),
      ).result[0].data,
    ).toMatchObject({ isActive: false });
  });

  it('refuses a custom domain under the product domain (400 on customDomain), and an id whose stream exists', () => {
    given()
      .when((state) =>
        decideCreate(state, { clientId: 7, apiKey: 'k', input: { ...input, customDomain: 'x.qrsharks.test' }, baseDomain: BASE }),
      )
      .thenRefuses({
        status: 400,
        fields: { customDomain: 'Custom domain cannot be under the product domain; use the subdomain field instead' },
      });
    given(created)
      .when((state) => decideCreate(state, { clientId: 7, apiKey: 'k', input, baseDomain: BASE }))
      .thenRefuses({ status: 409 });
  });

  it('evolve keeps the fields, the key and the times the read model shows', () => {
    expect(given(created).state).toEqual({
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
    const update = given(created).when((state) =>
      decideUpdate(state, { clientId: 7, input: { ...input, name: 'Acme Food', customDomain: null }, baseDomain: BASE }),
    );
    update.then([{ type: 'ClientUpdated', data: { clientId: 7, changes: { name: 'Acme Food', customDomain: null } } }]);
    const after = given(created, { ...update.result[0], metadata: at('2026-01-02T10:00:00.000Z') }).state;
    expect(after.fields).toMatchObject({ name: 'Acme Food', customDomain: null, subdomain: 'acme' });
    expect([after.createdAt, after.updatedAt]).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z']);
  });

  it('given a client, when saved unchanged (isActive absent keeps its value), then nothing', () => {
    given(created)
      .when((state) => decideUpdate(state, { clientId: 7, input, baseDomain: BASE }))
      .then([]);
    given(created)
      .when((state) => decideUpdate(state, { clientId: 7, input: { ...input, isActive: false }, baseDomain: BASE }))
      .then([{ type: 'ClientUpdated', data: { clientId: 7, changes: { isActive: false } } }]);
  });

  it('unknown and deleted clients are 404', () => {
    given()
      .when((state) => decideUpdate(state, { clientId: 7, input, baseDomain: BASE }))
      .thenRefuses({ status: 404, message: 'Client not found' });
    given(created, { type: 'ClientDeleted', data: { clientId: 7 } })
      .when((state) => decideUpdate(state, { clientId: 7, input, baseDomain: BASE }))
      .thenRefuses({ status: 404 });
  });
});

describe('client: delete', () => {
  it('given a client, when deleted, then ClientDeleted; again: 404', () => {
    given(created)
      .when((state) => decideDelete(state, 7))
      .then([{ type: 'ClientDeleted', data: { clientId: 7 } }]);
    given(created, { type: 'ClientDeleted', data: { clientId: 7 } })
      .when((state) => decideDelete(state, 7))
      .thenRefuses({ status: 404 });
    given()
      .when((state) => decideDelete(state, 8))
      .thenRefuses({ status: 404 });
  });

  it('the default client is never deleted (403)', () => {
    given({ type: 'ClientCreated', data: { ...acmeCreated, clientId: 1 } })
      .when((state) => decideDelete(state, 1))
      .thenRefuses({ status: 403, message: 'The default client cannot be deleted' });
  });
});

describe('client: ensure the default', () => {
  it('given no events, ClientCreated for client 1 under its fixed event id; given it, nothing', () => {
    const ensured = given().when((state) => decideEnsureDefault(state, 'qrs_default'));
    const state = ensured.then([
      {
        type: 'ClientCreated',
        id: DEFAULT_CLIENT_EVENT_ID,
        data: expect.objectContaining({ clientId: 1, name: 'QR Code Sharks', apiKey: 'qrs_default', isActive: true }),
      },
    ]);
    expect(state.fields).toMatchObject({ name: 'QR Code Sharks' });
    given(ensured.result[0])
      .when((state) => decideEnsureDefault(state, 'qrs_other'))
      .then([]);
  });
});
