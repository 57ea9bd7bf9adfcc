// The live preview of url codes: when the typed text looks like a web address, and how long to wait.

/** Pause after the debounced URL (or a colour or the logo) changes before the preview regenerates. */
export const LIVE_PREVIEW_DELAY_MS = 500;
/** Debounce on the watched URL field itself, so typing does not re-render on every key. */
export const URL_DEBOUNCE_MS = 1000;

// A scheme is letters then ':'; 'example.com:8080' has a port, not a scheme, hence the digit check.
const SCHEME_RE = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
const TLD_RE = /\.[a-z]{2,}$/i;

function parseWebUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!TLD_RE.test(url.hostname)) return null;
  return url.href;
}

/**
 * The spec's heuristic: the text must parse as an http/https URL whose host ends in a dot plus two
 * or more letters; text without a scheme gets https:// prepended and is tried again.
 * Returns the URL to preview, or null when no preview should fire.
 */
export function livePreviewUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const direct = parseWebUrl(trimmed);
  if (direct) return direct;
  if (SCHEME_RE.test(trimmed)) return null;
  return parseWebUrl(`https://${trimmed}`);
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
  flush(): void;
}

/** Calls fn once, `wait` ms after the last call; the latest arguments win. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (): void => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };
  const debounced = ((...args: A) => {
    pending = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, wait);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    run();
  };
  return debounced;
}

export interface LivePreview {
  /** The URL field changed (every keystroke). */
  urlChanged(text: string): void;
  /** Colours or the logo changed: regenerate from the last settled URL after the delay. */
  styleChanged(): void;
  cancel(): void;
}

/**
 * The url-code live preview pipeline: the typed URL settles after URL_DEBOUNCE_MS without typing,
 * then LIVE_PREVIEW_DELAY_MS later the preview fires if the text passes the heuristic. Style
 * changes re-fire after the delay alone. `onPreview(null)` means the field was emptied.
 */
export function createLivePreview(onPreview: (url: string | null) => void): LivePreview {
  let settled = '';
  const fire = debounce(() => {
    if (settled.trim() === '') {
      onPreview(null);
      return;
    }
    const url = livePreviewUrl(settled);
    if (url) onPreview(url);
  }, LIVE_PREVIEW_DELAY_MS);
  const settle = debounce((text: string) => {
    settled = text;
    fire();
  }, URL_DEBOUNCE_MS);
  return {
    urlChanged: (text) => settle(text),
    styleChanged: () => {
      if (settled.trim() !== '') fire();
    },
    cancel: () => {
      settle.cancel();
      fire.cancel();
    },
  };
}
