import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { RenderJob } from './render-jobs';

/**
 * Why a render did not produce a PNG. `invalid`: resvg refused the input; `timeout` and `memory`: the input needed
 * more than its budget (the process was ended); `busy`: too many renders are waiting; `crashed`: the process died
 * for another reason. The caller says whose fault that is (an upload: the input's, 4xx; a stored code: ours, 503).
 */
export class RenderError extends Error {
  override readonly name = 'RenderError';
  constructor(
    readonly reason: 'invalid' | 'timeout' | 'memory' | 'busy' | 'crashed',
    message: string,
  ) {
    super(message);
  }
}

export interface RenderPoolOptions {
  /** Render processes at most (each renders one job at a time). */
  size: number;
  /** Time budget of one job once it runs; past it the process is killed. */
  timeoutMs: number;
  /** Data-segment limit of each render process (prlimit --data): a bigger allocation ends that process only. */
  memoryMb: number;
  /** Jobs waiting beyond this are refused at once (`busy`). */
  queueLimit: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

interface Pending {
  id: number;
  job: RenderJob;
  timeoutMs: number;
  resolve: (png: Buffer) => void;
  reject: (error: RenderError) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  current: Pending | null;
  killedForTimeout: boolean;
}

type Reply = { ready: true } | { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; error: string };

function findOnPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    const candidate = join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * CPU-heavy rendering (PNG downloads, logo rasterising) in a bounded pool of child processes, never on the event loop
 * that answers /d/. Processes rather than worker threads: resvg's render is native code that a worker thread cannot
 * be stopped in (Worker.terminate() waits for it; measured: a filter-heavy SVG held a terminated thread for over
 * 100 s) and whose allocation failure aborts the whole process; a child process is killed at once and fails alone.
 */
export class RenderPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly prlimit = findOnPath('prlimit');

  constructor(private readonly options: RenderPoolOptions) {
    if (!this.prlimit) options.log?.('prlimit not found: render processes run without a memory limit');
  }

  /** Renders a job in a render process; rejects with RenderError. */
  run(job: RenderJob, timeoutMs = this.options.timeoutMs): Promise<Buffer> {
    if (this.closed) return Promise.reject(new RenderError('busy', 'Rendering is shutting down'));
    if (this.queue.length >= this.options.queueLimit) return Promise.reject(new RenderError('busy', 'Too many renders are waiting'));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  /** Jobs waiting for a process, and processes running one. */
  get load(): { queued: number; running: number; processes: number } {
    return { queued: this.queue.length, running: [...this.slots].filter((slot) => slot.current).length, processes: this.slots.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new RenderError('busy', 'Rendering is shutting down'));
    await Promise.all(
      [...this.slots].map(
        (slot) =>
          new Promise<void>((resolve) => {
            if (slot.child.exitCode !== null || slot.child.signalCode !== null) return resolve();
            slot.child.once('exit', () => resolve());
            slot.child.kill('SIGKILL');
          }),
      ),
    );
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = [...this.slots].find((candidate) => candidate.ready && !candidate.current);
      if (!slot) {
        // A process still starting takes a job when it says it is ready; start more only up to the pool's size.
        const starting = [...this.slots].filter((candidate) => !candidate.ready).length;
        if (this.slots.size < this.options.size && starting < this.queue.length) this.spawn();
        return;
      }
      this.start(slot, this.queue.shift()!);
    }
  }

  private start(slot: Slot, pending: Pending): void {
    slot.current = pending;
    pending.timer = setTimeout(() => {
      slot.killedForTimeout = true;
      slot.child.kill('SIGKILL');
    }, pending.timeoutMs);
    slot.child.send({ id: pending.id, job: pending.job });
  }

  private spawn(): void {
    const compiled = __filename.endsWith('.js');
    const script = join(__dirname, compiled ? 'render-process.js' : 'render-process.ts');
    // Under ts sources (tests) the process compiles itself like the test run does.
    const nodeArgs = [
      ...(compiled ? [] : ['-r', '@swc-node/register']),
      `--max-old-space-size=${Math.max(64, Math.floor(this.options.memoryMb / 2))}`,
      script,
    ];
    const [command, args] = this.prlimit
      ? [this.prlimit, [`--data=${this.options.memoryMb * 1024 * 1024}`, '--', process.execPath, ...nodeArgs]]
      : [process.execPath, nodeArgs];
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
      env: { ...process.env, SWC_NODE_PROJECT: process.env.SWC_NODE_PROJECT ?? join(__dirname, '..', '..', 'tsconfig.json') },
    });
    const slot: Slot = { child, ready: false, current: null, killedForTimeout: false };
    this.slots.add(slot);
    // Idle render processes must not keep the server (or a test) alive.
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    child.on('message', (reply: Reply) => this.onReply(slot, reply));
    child.on('error', (error) => this.options.log?.('render process failed to start', { error: error.message }));
    child.on('exit', (code, signal) => this.onExit(slot, code, signal));
  }

  private onReply(slot: Slot, reply: Reply): void {
    if ('ready' in reply) {
      slot.ready = true;
      this.pump();
      return;
    }
    const pending = slot.current;
    if (!pending || pending.id !== reply.id) return;
    clearTimeout(pending.timer);
    slot.current = null;
    if (reply.ok) pending.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
    else pending.reject(new RenderError('invalid', reply.error));
    this.pump();
  }

  private onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    this.slots.delete(slot);
    const pending = slot.current;
    if (pending) {
      clearTimeout(pending.timer);
      if (slot.killedForTimeout) pending.reject(new RenderError('timeout', `The render took longer than ${pending.timeoutMs} ms`));
      // An allocation over the data limit aborts the process (SIGABRT, exit 134).
      else if (signal === 'SIGABRT' || code === 134)
        pending.reject(new RenderError('memory', `The render needed more than ${this.options.memoryMb} MB`));
      else pending.reject(new RenderError('crashed', `The render process ended (${signal ?? code})`));
      this.options.log?.('render process ended during a job', { code, signal, reason: slot.killedForTimeout ? 'timeout' : 'exit' });
    }
    if (!this.closed) this.pump();
  }
}
