/** Polls `probe` until it answers something truthy and answers that; fails naming `what` after `timeoutMs`. */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Lets `ms` of wall-clock time pass, for the few waits whose purpose IS time passing (a TTL expiring, an outage lasting,
 * a frozen peer staying frozen) and for which no condition exists to wait on. `why` says which; it is not logged.
 */
export function letTimePass(ms: number, why: string): Promise<void> {
  void why;
  return new Promise((resolve) => setTimeout(resolve, ms));
}
