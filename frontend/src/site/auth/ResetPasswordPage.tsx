import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { apiJson, serverMessage } from '../../api/http';
import { AuthCard } from './AuthCard';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { validateNewPassword, type NewPassword } from './auth-validation';

/** The page a reset mail links to (/auth/reset-password?token=…): sets the new password, then on to sign in. */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [fields, setFields] = useState<NewPassword>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPassword, string>>>({});
  const [failure, setFailure] = useState<string | null>(token ? null : 'This password reset link is invalid. Please ask for a new one.');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await apiJson<{ message: string }>('POST', '/api/reset-password', { token, ...fields });
      toast({ title: 'Password reset', description: answer?.message ?? 'You can sign in with your new password.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      setFailure(serverMessage(error, 'Your password could not be reset. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const set = (name: keyof NewPassword) => (value: string) => setFields((previous) => ({ ...previous, [name]: value }));

  return (
    <AuthCard>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Choose a new password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Setting a new password signs you out everywhere else.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failure}{' '}
          <Link component={RouterLink} to="/auth/forgot-password">
            Ask for a new link
          </Link>
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Set a new password">
        <Stack spacing={2}>
          <TextField
            type="password"
            name="password"
            label="New password"
            autoComplete="new-password"
            value={fields.password}
            onChange={(event) => set('password')(event.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password}
            fullWidth
            autoFocus
          />
          <TextField
            type="password"
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
            value={fields.confirmPassword}
            onChange={(event) => set('confirmPassword')(event.target.value)}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy || !token} fullWidth>
            {busy ? 'Saving...' : 'Set new password'}
          </Button>
        </Stack>
      </Box>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/auth">
          Back to sign in
        </Link>
      </Box>
    </AuthCard>
  );
}
