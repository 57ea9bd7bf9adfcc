const SAMPLE_WINDOW_MS = 60_000;

/**
 * Events per second of each projection, from this process's samples of its checkpoint's running count (events_read)
 * over the last minute. Kept in memory per process: the first answer after a start has no rate yet.
 */
export class EventRates {
  /** Per projection: (time, events_read) samples of the last minute. */
  private readonly samples = new Map<string, { at: number; read: number }[]>();

  /** Records the sample (now, read) and answers the rate since the window's first sample; null until a second apart. */
  rate(name: string, now: number, read: number): number | null {
    const samples = (this.samples.get(name) ?? []).filter((sample) => now - sample.at <= SAMPLE_WINDOW_MS && sample.read <= read);
    samples.push({ at: now, read });
    this.samples.set(name, samples);
    const first = samples[0];
    if (now - first.at < 1000) return null;
    return Math.round(((read - first.read) / ((now - first.at) / 1000)) * 10) / 10;
  }
}
