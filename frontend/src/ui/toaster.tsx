import CloseIcon from '@mui/icons-material/Close';
import { Button, GlobalStyles, IconButton, Paper, Stack, Typography, useMediaQuery } from '@mui/material';
import type { CSSProperties, ReactNode } from 'react';
import { Toaster as Sonner, toast as sonner } from 'sonner';

/**
 * The notification area, drawn by sonner (a maintained toast library). Loaded on the first toast only (ui/toast.tsx),
 * so it costs the landing page nothing. Spec: one toast at a time, 5 s on screen, F8 focuses the area, swipe right
 * dismisses, at the top on small screens and bottom right from sm, at most 420 px wide from md.
 */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  /** A button in the toast (react-admin's Undo); pressing it closes the toast. */
  action?: { label: string; onClick: () => void };
  /** Called once when the toast leaves: its time is up, it is closed, or a newer toast replaces it. */
  onClose?: () => void;
}

function ToastCard({ item, close }: { item: ToastInput; close: () => void }) {
  const destructive = item.variant === 'destructive';
  // The description is dimmed on the light toast only: white at 0.9 on the destructive red fell under WCAG AA's 4.5:1.
  return (
    <Paper
      elevation={6}
      role={destructive ? 'alert' : 'status'}
      data-testid="toast"
      data-variant={item.variant ?? 'default'}
      sx={{
        p: 2,
        pr: 5,
        width: '100%',
        position: 'relative',
        border: 1,
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'error.contrastText' : 'text.primary',
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
      {item.action && (
        <Stack direction="row" sx={{ mt: 1, justifyContent: 'flex-end' }}>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            onClick={() => {
              item.action!.onClick();
              close();
            }}
          >
            {item.action.label}
          </Button>
        </Stack>
      )}
      <IconButton
        size="small"
        aria-label="Close notification"
        onClick={close}
        sx={{ position: 'absolute', top: 6, right: 6, color: 'inherit' }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/** Shows a toast; a newer toast replaces the visible one (the older one is dismissed, not stacked behind). */
let closeVisible: (() => void) | null = null;

export function show(item: ToastInput): void {
  closeVisible?.();
  sonner.dismiss();
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    if (closeVisible === close) closeVisible = null;
    sonner.dismiss(id);
    item.onClose?.();
  };
  closeVisible = close;
  // Our own timer rather than sonner's: sonner pauses its timer while the pointer is over the area, and a toast lying
  // over a button the visitor is about to press then never left (the spec's display time is a fixed 5000 ms).
  const id = sonner.custom(() => <ToastCard item={item} close={close} />, { duration: Infinity });
  setTimeout(close, item.duration ?? TOAST_DURATION_MS);
}

export default function Toaster() {
  const fromSm = useMediaQuery('(min-width: 600px)', { noSsr: true });
  const fromMd = useMediaQuery('(min-width: 900px)', { noSsr: true });
  // A replaced or dismissed toast goes at once (as before): sonner keeps it for an exit animation, where it was a
  // second 'Close notification' button and a second status for assistive technology.
  return (
    <>
      <GlobalStyles styles={{ '[data-sonner-toast][data-removed="true"]': { display: 'none' } }} />
      <Sonner
        position={fromSm ? 'bottom-right' : 'top-center'}
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        hotkey={['F8']}
        customAriaLabel="Notifications (F8)"
        swipeDirections={['right']}
        style={fromMd ? ({ '--width': '420px' } as CSSProperties) : undefined}
        toastOptions={{ unstyled: true }}
      />
    </>
  );
}
