import { Alert, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiJson, queryClient, serverMessage, USER_KEY, useUser } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { AuthCard } from './AuthCard';
import { usePageTitle } from '../../ui/usePageTitle';

type Outcome = { state: 'working' } | { state: 'done' | 'failed'; message: string };

/**
 * The page a verification mail links to (/auth/verify-email?token=…, issue 27): it posts the token once and says what
 * happened. Works signed in or not (the mail may be opened on another device).
 */
export function VerifyEmailPage() {
  usePageTitle('Confirm your email address');
  const [params] = useSearchParams();
  const { user } = useUser();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    apiJson<ApiAnswer<'/api/verify-email', 'post'>>('POST', '/api/verify-email', { token: params.get('token') ?? '' }).then(
      (answer) => {
        setOutcome({ state: 'done', message: answer?.message ?? 'Your email address is verified.' });
        void queryClient.invalidateQueries({ queryKey: USER_KEY });
      },
      (error) =>
        setOutcome({ state: 'failed', message: serverMessage(error, 'This verification link is invalid. Please ask for a new one.') }),
    );
  }, [params]);

  return (
    <AuthCard>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        Confirm your email address
      </Typography>
      {outcome.state === 'working' ? (
        <CircularProgress aria-label="Confirming your email address" />
      ) : (
        <Alert severity={outcome.state === 'done' ? 'success' : 'error'} role="status" data-testid="verify-email-outcome">
          {outcome.message}
        </Alert>
      )}
      {outcome.state === 'failed' && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {user
            ? 'You can ask for a new link with the Resend email button on your dashboard.'
            : 'Sign in and use the Resend email button to get a new link.'}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        {user ? (
          <Button component={RouterLink} to="/dashboard" variant="contained">
            Go to your dashboard
          </Button>
        ) : (
          <Button component={RouterLink} to="/auth" variant="contained">
            Sign in
          </Button>
        )}
        <Link component={RouterLink} to="/" sx={{ alignSelf: 'center' }}>
          Return home
        </Link>
      </Stack>
    </AuthCard>
  );
}
