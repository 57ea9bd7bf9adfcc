import { createLivePreview, debounce, LIVE_PREVIEW_DELAY_MS, livePreviewUrl, URL_DEBOUNCE_MS } from './live-preview';

describe('live URL preview heuristic', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://shop.example.co.uk/menu?x=1', 'http://shop.example.co.uk/menu?x=1'],
    ['  https://qrsharks.io/path  ', 'https://qrsharks.io/path'],
  ])('fires for %s', (text, url) => {
    expect(livePreviewUrl(text)).toBe(url);
  });

  it.each([
    ['example.com', 'https://example.com/'],
    ['www.example.org/page', 'https://www.example.org/page'],
    ['example.com:8080/a', 'https://example.com:8080/a'],
  ])('prepends https:// to %s and tries again', (text, url) => {
    expect(livePreviewUrl(text)).toBe(url);
  });

  it.each([
    [''],
    ['   '],
    ['example'],
    ['https://localhost:3000'],
    ['https://example.c'],
    ['https://192.168.1.10'],
    ['https://example.c0m'],
    ['ftp://example.com'],
    ['mailto:someone@example.com'],
    ['javascript:alert(1)'],
    ['not a url'],
  ])('does not fire for %p', (text) => {
    expect(livePreviewUrl(text)).toBeNull();
  });
});

describe('debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls once, wait ms after the last call, with the latest arguments', () => {
    const fn = jest.fn();
    const d = debounce(fn, 1000);
    d('a');
    jest.advanceTimersByTime(600);
    d('b');
    jest.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('b');
  });

  it('cancel drops the pending call and flush runs it now', () => {
    const fn = jest.fn();
    const d = debounce(fn, 500);
    d(1);
    d.cancel();
    jest.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    d(2);
    d.flush();
    expect(fn).toHaveBeenCalledWith(2);
    jest.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('url live preview pipeline (1000 ms debounce, then 500 ms delay)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('uses the spec constants', () => {
    expect(URL_DEBOUNCE_MS).toBe(1000);
    expect(LIVE_PREVIEW_DELAY_MS).toBe(500);
  });

  it('fires 1500 ms after typing stops, once, with the last text', () => {
    const onPreview = jest.fn();
    const live = createLivePreview(onPreview);
    for (const text of ['e', 'ex', 'example', 'example.c', 'example.com']) {
      live.urlChanged(text);
      jest.advanceTimersByTime(200);
    }
    // 200 ms have passed since the last key.
    jest.advanceTimersByTime(1299);
    expect(onPreview).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onPreview).toHaveBeenCalledTimes(1);
    expect(onPreview).toHaveBeenCalledWith('https://example.com/');
  });

  it('does not fire for text that fails the heuristic, and reports an emptied field', () => {
    const onPreview = jest.fn();
    const live = createLivePreview(onPreview);
    live.urlChanged('example');
    jest.advanceTimersByTime(2000);
    expect(onPreview).not.toHaveBeenCalled();
    live.urlChanged('');
    jest.advanceTimersByTime(1500);
    expect(onPreview).toHaveBeenCalledWith(null);
  });

  it('re-fires 500 ms after a colour change, from the settled URL', () => {
    const onPreview = jest.fn();
    const live = createLivePreview(onPreview);
    live.urlChanged('https://example.com');
    jest.advanceTimersByTime(1500);
    expect(onPreview).toHaveBeenCalledTimes(1);
    live.styleChanged();
    jest.advanceTimersByTime(499);
    expect(onPreview).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(onPreview).toHaveBeenCalledTimes(2);
  });

  it('cancel stops everything pending', () => {
    const onPreview = jest.fn();
    const live = createLivePreview(onPreview);
    live.urlChanged('https://example.com');
    live.cancel();
    jest.advanceTimersByTime(5000);
    expect(onPreview).not.toHaveBeenCalled();
  });
});
