import { useSyncExternalStore } from 'react';
import type { ToastInput } from './toaster';

export type { ToastInput, ToastVariant } from './toaster';

// The facade every screen calls. The notification library (sonner, in ./toaster) is not part of the landing page's
// first paint: it is fetched when the browser is first idle after start-up, or at once when a toast is raised before
// that. Once loaded, a toast is shown in the same task that raised it.
type ToasterModule = typeof import('./toaster');
let loaded: ToasterModule | null = null;
let loading: Promise<ToasterModule> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<ToasterModule> {
  loading ??= import('./toaster').then((module) => {
    loaded = module;
    listeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

if (typeof window !== 'undefined') {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void load(), { timeout: 3000 });
  else setTimeout(() => void load(), 1000);
}

/** Shows a toast; a newer toast replaces the visible one. Callable outside React. */
export function toast(input: ToastInput): void {
  if (loaded) loaded.show(input);
  else void load().then((module) => module.show(input));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notification area, mounted once its library has loaded. */
export function Toaster() {
  const module = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
  if (!module) return null;
  const Area = module.default;
  return <Area />;
}
