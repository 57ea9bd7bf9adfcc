// The 3-day free trial card (core spec: a trial activation card with an email field and an activate button).
// Trial activation needs an account, so a signed-out visitor is taken through sign-up with the email carried
// over (/auth?mode=register&trial=1&email=...), and the auth page starts the trial once the account exists.
// Signed in, the card starts it at once; the landing page, the dashboard entry and account settings show it.
import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiJson, queryClient, serverMessage, USER_KEY, useUser, type User } from '../api/http';
import type { ApiAnswer } from '../api/types';
import { toast } from './toast';
import { TRIAL_STATUS_KEY, useTrialStatus } from './trial-status';

const EMAIL_REQUIRED = 'Please enter your email address to activate your free trial.';

/** The auth page's address that signs a visitor up and then starts the trial (for `email` when given). */
export function trialSignUpPath(email?: string): string {
  return `/auth?${new URLSearchParams({ mode: 'register', trial: '1', ...(email ? { email } : {}) }).toString()}`;
}

/** POST /api/activate-trial with the spec's toasts; true when the trial started. */
export async function activateTrial(email: string): Promise<boolean> {
  try {
    const result = await apiJson<ApiAnswer<'/api/activate-trial', 'post'>>('POST', '/api/activate-trial', { email });
    if (result?.user)
      queryClient.setQueryData(USER_KEY, (current: User | null | undefined) => ({ ...(current ?? {}), ...result.user }) as User);
    void queryClient.invalidateQueries({ queryKey: TRIAL_STATUS_KEY });
    toast({
      title: 'Free Trial Activated!',
      description: result?.message || 'Your 3-day free trial has started. Enjoy 12 dynamic QR codes and full analytics.',
    });
    return true;
  } catch (error) {
    toast({
      title: 'Activation Failed',
      description: serverMessage(error, 'Failed to activate free trial. Please try again.'),
      variant: 'destructive',
    });
    return false;
  }
}

/** Signed-in users are offered the trial (this card, the header's button) only while they never had one and pay nothing. */
export function useTrialOffered(signedIn: boolean): boolean {
  const data = useTrialStatus(signedIn);
  if (!signedIn) return true;
  return Boolean(data) && !data?.trialActivated && (data?.subscriptionStatus ?? 'free') === 'free';
}

export function TrialCard() {
  const { user } = useUser();
  const navigate = useNavigate();
  const offered = useTrialOffered(Boolean(user));
  const [typed, setTyped] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Signed in, the field starts with the account's email.
  const email = typed ?? (user ? (user.email ?? user.username ?? '') : '');

  if (!offered) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const given = email.trim();
    if (!given) {
      toast({ title: 'Email Required', description: EMAIL_REQUIRED, variant: 'destructive' });
      return;
    }
    if (!user) {
      navigate(trialSignUpPath(given));
      return;
    }
    setBusy(true);
    try {
      if (await activateTrial(given)) setTyped(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="section"
      aria-labelledby="trial-title"
      elevation={0}
      data-testid="trial-card"
      sx={{ p: { xs: 3, md: 5 }, borderRadius: 3, border: 2, borderColor: 'primary.main' }}
    >
      <Typography id="trial-title" variant="h4" component="h2" sx={{ fontWeight: 800 }}>
        Start your 3-day free trial
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        No card required. 12 dynamic QR codes, scan analytics, logos and colour customization, unlimited scans and downloads, and no ads.
        {!user && ' Create your free account first: your email is carried over and the trial starts as soon as you sign up.'}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' } }}>
        <TextField
          type="email"
          label="Email address"
          value={email}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="email"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ whiteSpace: 'nowrap', px: 4 }}>
          {busy ? 'Activating...' : 'Activate Free Trial'}
        </Button>
      </Box>
    </Paper>
  );
}
