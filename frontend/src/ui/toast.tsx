import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import { useEffect, useRef, useSyncExternalStore, type PointerEvent as ReactPointerEvent } from 'react';

/** Spec constants: one toast at a time, 5 s on screen, F8 focuses the region, swipe right 50 px dismisses. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1000000;
const SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removeTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id?: number) {
  emit(items.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  for (const item of items) {
    if (item.open || removeTimers.has(item.id)) continue;
    removeTimers.set(
      item.id,
      setTimeout(() => {
        removeTimers.delete(item.id);
        emit(items.filter((other) => other.id !== item.id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

/** Shows a toast; a newer toast replaces the visible one. Callable outside React. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const toasts = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return { toasts, toast, dismiss: dismissToast };
}

function ToastCard({ item }: { item: ToastItem }) {
  const startX = useRef<number | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!item.open) return;
    const timer = setTimeout(() => dismissToast(item.id), item.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, item.open, item.duration]);

  const onPointerDown = (event: ReactPointerEvent) => {
    startX.current = event.clientX;
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (startX.current === null || !cardRef.current) return;
    const delta = Math.max(0, event.clientX - startX.current);
    cardRef.current.style.transform = `translateX(${delta}px)`;
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    if (startX.current === null) return;
    const delta = event.clientX - startX.current;
    startX.current = null;
    if (cardRef.current) cardRef.current.style.transform = '';
    if (delta > SWIPE_THRESHOLD_PX) dismissToast(item.id);
  };

  if (!item.open) return null;
  const destructive = item.variant === 'destructive';
  // The description is dimmed on the light toast only: white at 0.9 on the destructive red fell under WCAG AA's 4.5:1.
  return (
    <Paper
      ref={cardRef}
      elevation={6}
      role={destructive ? 'alert' : 'status'}
      data-testid="toast"
      data-variant={item.variant ?? 'default'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      sx={{
        p: 2,
        pr: 5,
        position: 'relative',
        touchAction: 'pan-y',
        border: 1,
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'error.contrastText' : 'text.primary',
        transition: 'transform 150ms ease-out',
      }}
    >
      {item.title && (
        <Typography component="div" data-testid="toast-title" sx={{ fontWeight: 600 }}>
          {item.title}
        </Typography>
      )}
      {item.description && (
        <Typography component="div" variant="body2" sx={{ opacity: destructive ? 1 : 0.9 }} data-testid="toast-description">
          {item.description}
        </Typography>
      )}
      <IconButton
        size="small"
        aria-label="Close notification"
        onClick={() => dismissToast(item.id)}
        sx={{ position: 'absolute', top: 6, right: 6, color: 'inherit' }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/** The notification area: top on small screens, bottom right from sm, at most 420 px wide from md. */
export function Toaster() {
  const { toasts } = useToast();
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Box
      component="ol"
      ref={regionRef}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      aria-live="polite"
      sx={{
        position: 'fixed',
        zIndex: 2000,
        m: 0,
        p: 2,
        listStyle: 'none',
        width: '100%',
        top: 0,
        right: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        pointerEvents: 'none',
        outline: 'none',
        '& > li': { pointerEvents: 'auto' },
        '@media (min-width: 600px)': { top: 'auto', bottom: 0, flexDirection: 'column-reverse' },
        '@media (min-width: 900px)': { maxWidth: 420 },
      }}
    >
      {toasts
        .filter((item) => item.open)
        .map((item) => (
          <li key={item.id}>
            <ToastCard item={item} />
          </li>
        ))}
    </Box>
  );
}
