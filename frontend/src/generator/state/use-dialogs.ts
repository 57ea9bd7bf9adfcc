// Which of the generator's dialogs is open (GeneratorDialogs.tsx draws them), and the account prompt
// that follows an anonymous download.
import type { QrType } from '@qrsharks/qr-core/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GeneratorDialogKind } from '../GeneratorDialogs';

/** Spec section 4: the account prompt opens one second after an anonymous download. */
export const ACCOUNT_PROMPT_DELAY_MS = 1000;

export function useGeneratorDialogs() {
  const [open, setOpen] = useState<GeneratorDialogKind | null>(null);
  const [futureType, setFutureType] = useState<QrType | null>(null);
  // Mounted from the first dialog on, so later ones open and close with their transitions.
  const [mounted, setMounted] = useState(false);
  if (open !== null && !mounted) setMounted(true);

  const accountTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(accountTimer.current), []);

  /** A gated type was chosen: 'Future Feature' names it, 'Premium Feature' asks for an account. */
  const onGate = useCallback((gate: 'future' | 'premium', type: QrType) => {
    if (gate === 'future') setFutureType(type);
    setOpen(gate);
  }, []);

  const promptAccountLater = useCallback(() => {
    clearTimeout(accountTimer.current);
    accountTimer.current = setTimeout(() => setOpen('account'), ACCOUNT_PROMPT_DELAY_MS);
  }, []);

  const close = useCallback(() => setOpen(null), []);

  return { open, futureType, mounted, onGate, openDialog: setOpen, promptAccountLater, close };
}
