// The header's 'Start Free Trial' for a signed-in user who never had a trial and pays nothing (issue 30 item 5): it
// starts the trial at once with the account's email, as the trial card does. Loaded with the header only for
// signed-in users; signed out, the header's button is a link to sign-up that then starts the trial.
import { Button, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { useUser } from '../api/http';
import { activateTrial, useTrialOffered } from './TrialCard';

export function HeaderTrialButton({ onDone, sx, fullWidth }: { onDone?: () => void; sx?: SxProps<Theme>; fullWidth?: boolean }) {
  const { user } = useUser();
  const offered = useTrialOffered(Boolean(user));
  const [busy, setBusy] = useState(false);
  if (!user || !offered) return null;
  const start = async () => {
    setBusy(true);
    try {
      await activateTrial(user.email || user.username);
    } finally {
      setBusy(false);
      onDone?.();
    }
  };
  return (
    <Button variant="contained" disabled={busy} onClick={() => void start()} sx={sx} fullWidth={fullWidth}>
      {busy ? 'Activating...' : 'Start Free Trial'}
    </Button>
  );
}
