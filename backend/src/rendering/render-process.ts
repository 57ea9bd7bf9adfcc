import type { RenderJob } from './render-jobs';
import { runRenderJob } from './render-png';

/**
 * Entry point of a render process (forked by RenderPool). It answers one job at a time over IPC; the pool kills it
 * when a job runs past its time budget, and the kernel ends it when it passes its memory limit (prlimit): either
 * way only this process dies, never the server that answers scans.
 */
process.on('message', async (message: { id: number; job: RenderJob }) => {
  let reply: { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; error: string };
  try {
    reply = { id: message.id, ok: true, png: await runRenderJob(message.job) };
  } catch (error) {
    reply = { id: message.id, ok: false, error: (error as Error).message ?? String(error) };
  }
  process.send?.(reply);
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
