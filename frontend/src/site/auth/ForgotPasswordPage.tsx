import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiJson, serverMessage } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { AuthCard } from './AuthCard';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { validateForgotPassword } from './auth-validation';

/** 'Forgot my password': asks for the address and sends a reset link (the server answers alike for every address). */
export function ForgotPasswordPage() {
  usePageTitle('Reset your password');
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateForgotPassword(email);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      const answer = await apiJson<ApiAnswer<'/api/forgot-password', 'post'>>('POST', '/api/forgot-password', { email: email.trim() });
      setSent(answer?.message ?? 'Check your email for a link to reset your password.');
    } catch (failure) {
      toast({ title: 'Error', description: serverMessage(failure, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Forgot my password
      </Typography>
      {sent ? (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="reset-sent">
          {sent}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Enter the email address of your account and we will send you a link to choose a new password.
          </Typography>
          <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Send a reset link">
            <Stack spacing={2}>
              <TextField
                type="email"
                name="email"
                label="Email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={Boolean(error)}
                helperText={error}
                fullWidth
                autoFocus
              />
              <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
                {busy ? 'Sending...' : 'Send reset link'}
              </Button>
            </Stack>
          </Box>
        </>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/auth">
          Back to sign in
        </Link>
      </Box>
    </AuthCard>
  );
}
