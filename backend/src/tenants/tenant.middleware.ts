import { Injectable, NestMiddleware } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { requestContext } from '../common/request-context';
import { TenantsService } from './tenants.service';

/** Sets the request's tenant from its Host before any handler runs; every query scopes by it. */
@Injectable()
export class TenantMiddleware implements NestMiddleware {
  constructor(private readonly tenants: TenantsService) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    let tenantId: number;
    try {
      tenantId = await this.tenants.resolveHost(req.headers.host);
    } catch (error) {
      return next(error);
    }
    (req as Request & { tenantId: number }).tenantId = tenantId;
    // Entered here, after the body parsers: their stream callbacks would lose an AsyncLocalStorage context
    // entered earlier. Nest binds guards, interceptors and handlers to the context they were created in.
    const requestId = String(res.getHeader('X-Request-Id') ?? randomUUID());
    requestContext.run({ requestId, tenantId, actorId: 'anonymous' }, next);
  }
}
