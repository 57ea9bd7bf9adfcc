import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '../accounts';
import { AnalyticsService } from './analytics.service';
import { LiveScansService } from './live-scans.service';

const HEARTBEAT_MS = 25_000;

/** GET /api/dynamic-qrcodes/{id}/scans/live as server-sent events: one `scan` event per JSON batch, a comment every 25 s. */
@Injectable()
export class LiveScansSse {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly live: LiveScansService,
  ) {}

  async open(user: AuthUser, qrId: string, req: Request, res: Response): Promise<void> {
    const code = await this.analytics.ownedCode(user, qrId);
    // Subscribed before the first byte: a client that sees the stream open misses no scan after that.
    const stop = await this.live.listen(code.qrId, (payload) => res.write(`event: scan\ndata: ${payload}\n\n`));
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    req.on('close', () => {
      clearInterval(heartbeat);
      stop();
    });
  }
}
