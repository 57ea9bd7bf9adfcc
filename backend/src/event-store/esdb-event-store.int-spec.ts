import { EsdbEventStore } from './esdb-event-store';
import { describeEventStoreContract } from './event-store.contract';

const url = process.env.EVENTSTORE_URL;

if (!url) {
  console.log('EventStoreDB contract skipped: EVENTSTORE_URL is not set');
  describe.skip('EventStore contract: EventStoreDB (EVENTSTORE_URL is not set)', () => {
    it('needs a running EventStoreDB', () => undefined);
  });
} else {
  describeEventStoreContract('EventStoreDB', async () => {
    const stores: EsdbEventStore[] = [];
    const open = (options: ConstructorParameters<typeof EsdbEventStore>[1] = {}) => {
      const store = EsdbEventStore.connect(url, options);
      stores.push(store);
      return store;
    };
    return {
      store: open(),
      storeWithUpcasters: async (upcasters) => open({ upcasters }),
      atomicAppendMany: false,
      teardown: async () => {
        await Promise.all(stores.map((store) => store.close()));
      },
    };
  });
}
