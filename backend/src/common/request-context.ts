import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Who is acting, for which tenant, in which chain of work: it becomes the metadata of every event appended. */
export interface RequestContext {
  requestId: string;
  tenantId: number;
  actorId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run<T>(context: RequestContext, fn: () => T): T {
    return storage.run(context, fn);
  },
  current(): RequestContext | undefined {
    return storage.getStore();
  },
  /** Outside a request (start-up, jobs, CLI): a system context for the default tenant. */
  currentOrSystem(): RequestContext {
    return storage.getStore() ?? { requestId: randomUUID(), tenantId: 1, actorId: 'system' };
  },
};
