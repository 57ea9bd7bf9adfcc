import type { CommandBus } from '@nestjs/cqrs';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import type { ProjectionsService } from '../projections/projections.service';
import { HOST_CACHE_MAX, TenantsService } from './tenants.service';

/** The Host header is the caller's: the host -> tenant cache must stay bounded whatever hosts arrive. */
describe('TenantsService host cache', () => {
  const queried: string[] = [];
  const dataSource = {
    query: async (_sql: string, [host]: string[]) => {
      queried.push(host);
      return host === 'acme' || host === 'menu.acme.example' ? [{ id: 2 }] : [];
    },
  } as unknown as DataSource;
  const service = new TenantsService(
    {} as CommandBus,
    dataSource,
    {} as ProjectionsService,
    { BASE_DOMAIN: 'qrsharks.test' } as Env,
    {} as Redis,
    'postgres://localhost/qrs',
  );
  const cached = () => (service as unknown as { hostCache: Map<string, unknown> }).hostCache;

  beforeEach(() => {
    queried.length = 0;
    service.forgetHosts();
  });

  it('answers a known host from the cache after one lookup', async () => {
    expect(await service.hostTenant('menu.acme.example')).toBe(2);
    expect(service.hostTenant('MENU.acme.example.:443')).toBe(2);
    expect(queried).toEqual(['menu.acme.example']);
  });

  it('keeps at most HOST_CACHE_MAX hosts however many made-up ones arrive, the newest kept', async () => {
    for (let n = 0; n < HOST_CACHE_MAX + 500; n++) await service.hostTenant(`x${n}.attacker.example`);
    expect(cached().size).toBe(HOST_CACHE_MAX);
    expect(cached().has(`x${HOST_CACHE_MAX + 499}.attacker.example`)).toBe(true);
    expect(cached().has('x0.attacker.example')).toBe(false);
    expect(await service.hostTenant('acme.qrsharks.test')).toBe(2); // a subdomain: looked up by its label
  });

  it('answers an over-long host as the default brand without a lookup or a cache entry', () => {
    expect(service.hostTenant(`${'a'.repeat(300)}.example`)).toBe(1);
    expect(queried).toEqual([]);
    expect(cached().size).toBe(0);
  });
});
