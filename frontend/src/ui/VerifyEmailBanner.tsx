// Issue 27, item 1: an account whose address is not verified yet sees this on the site and in the dashboard until it
// is; Resend mails a new link (POST /api/resend-verification; the server limits it: one a minute, five a day).
import { Alert, AlertTitle, Box, Button, Container } from '@mui/material';
import { useState } from 'react';
import { apiJson, serverMessage, useUser } from '../api/http';

type Sent = { ok: boolean; message: string } | null;

/** `contained`: on the site's pages, in a page-wide container above the page (the dashboard's layout has its own). */
export function VerifyEmailBanner({ contained = false }: { contained?: boolean }) {
  const { user } = useUser();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent>(null);
  if (!user || user.emailVerified !== false) return null;

  const resend = async () => {
    setBusy(true);
    try {
      const answer = await apiJson<{ message: string }>('POST', '/api/resend-verification', {});
      setSent({ ok: true, message: answer?.message ?? 'We have sent a new verification link.' });
    } catch (error) {
      setSent({ ok: false, message: serverMessage(error, 'The email could not be sent. Please try again later.') });
    } finally {
      setBusy(false);
    }
  };

  const banner = (
    <Alert
      severity="warning"
      // A standing notice, not an interruption: 'status' (MUI's default 'alert' would be announced as urgent on every page).
      role="status"
      aria-label="Please confirm your email address"
      data-testid="verify-email-banner"
      sx={{ mt: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      action={
        <Button color="inherit" variant="outlined" size="small" onClick={() => void resend()} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
          {busy ? 'Sending...' : 'Resend email'}
        </Button>
      }
    >
      <AlertTitle>Please confirm your email address</AlertTitle>
      We sent a link to <strong>{String(user.email ?? user.username)}</strong>. Open it to confirm that the address is yours.
      {sent && (
        <Box component="span" data-testid="verify-email-sent" sx={{ display: 'block', mt: 0.5 }}>
          {sent.message}
        </Box>
      )}
    </Alert>
  );
  return contained ? (
    <Container maxWidth="lg" sx={{ mb: 2 }}>
      {banner}
    </Container>
  ) : (
    banner
  );
}
