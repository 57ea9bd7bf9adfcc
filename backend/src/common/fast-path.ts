import { Injectable } from '@nestjs/common';
import type { PathItemObject } from '@nestjs/swagger';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FastHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Paths answered by the thin node:http listener in front of Express (DESIGN.md section 6): the scan redirect
 * must not pay for Express's router. Features register a prefix and a handler; everything else goes to Express.
 * Nest's router never sees these paths, so each registration brings its own OpenAPI description (`documented`), which
 * bootstrap adds to /api/docs beside the controllers' routes.
 */
@Injectable()
export class FastPathRegistry {
  private readonly handlers: { prefix: string; handler: FastHandler; documented: Record<string, PathItemObject> }[] = [];

  register(prefix: string, handler: FastHandler, documented: Record<string, PathItemObject>): void {
    this.handlers.push({ prefix, handler, documented });
  }

  match(url: string | undefined): FastHandler | null {
    if (!url) return null;
    for (const { prefix, handler } of this.handlers) if (url.startsWith(prefix)) return handler;
    return null;
  }

  /** Each registered prefix with the OpenAPI paths it documents. */
  registered(): { prefix: string; documented: Record<string, PathItemObject> }[] {
    return this.handlers.map(({ prefix, documented }) => ({ prefix, documented }));
  }
}
