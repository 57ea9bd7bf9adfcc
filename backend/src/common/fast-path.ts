import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FastHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Paths answered by the thin node:http listener in front of Express (DESIGN.md section 6): the scan redirect
 * must not pay for Express's router. Features register a prefix and a handler; everything else goes to Express.
 */
@Injectable()
export class FastPathRegistry {
  private readonly handlers: { prefix: string; handler: FastHandler }[] = [];

  register(prefix: string, handler: FastHandler): void {
    this.handlers.push({ prefix, handler });
  }

  match(url: string | undefined): FastHandler | null {
    if (!url) return null;
    for (const { prefix, handler } of this.handlers) if (url.startsWith(prefix)) return handler;
    return null;
  }
}
