/**
 * Polls `probe` every `everyMs` until it answers something truthy and answers that; fails naming `what` after
 * `timeoutMs`. The browser tests' twin of backend/src/test-support/until.ts, for what no locator can wait on (an API's
 * answer, a mail in the outbox, a PDF viewer's frame); on the page itself, use playwright's own waits.
 */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
