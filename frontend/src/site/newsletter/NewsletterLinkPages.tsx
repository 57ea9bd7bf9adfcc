import { Alert, Box, Button, CircularProgress, Container, Paper, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiJson, serverMessage } from '../../api/http';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';

type Outcome = { state: 'idle' | 'working' } | { state: 'done' | 'failed'; message: string };

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <PageHeader title={title} subtitle="Shark Tips: weekly tips about QR codes and marketing strategies." />
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
          {children}
        </Paper>
      </Container>
    </>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  if (!('message' in outcome)) return outcome.state === 'working' ? <CircularProgress aria-label="Working" /> : null;
  return (
    <Alert severity={outcome.state === 'done' ? 'success' : 'error'} role="status">
      {outcome.message}
    </Alert>
  );
}

/** `/newsletter/confirm?token=…`: the confirmation mail's link (double opt-in); the page posts the token once. */
export function NewsletterConfirmPage() {
  usePageTitle('Confirm your subscription - QR Code Sharks');
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    apiJson<{ message: string }>('POST', '/api/newsletter/confirm', { token: params.get('token') ?? '' }).then(
      (answer) => setOutcome({ state: 'done', message: answer.message }),
      (error) => setOutcome({ state: 'failed', message: serverMessage(error, 'Please try again later or contact support.') }),
    );
  }, [params]);
  return (
    <Frame title="Confirm your subscription">
      <Result outcome={outcome} />
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/" variant="outlined">
          Return Home
        </Button>
      </Box>
    </Frame>
  );
}

/**
 * `/newsletter/unsubscribe?token=…`: the link in every newsletter. It asks before it acts (link scanners open pages
 * too); mail clients use the List-Unsubscribe header's one-click POST instead.
 */
export function NewsletterUnsubscribePage() {
  usePageTitle('Unsubscribe - QR Code Sharks');
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const unsubscribe = () => {
    setOutcome({ state: 'working' });
    apiJson<{ message: string }>('POST', '/api/newsletter/unsubscribe', { token: params.get('token') ?? '' }).then(
      (answer) => setOutcome({ state: 'done', message: answer.message }),
      (error) => setOutcome({ state: 'failed', message: serverMessage(error, 'Please try again later or contact support.') }),
    );
  };
  return (
    <Frame title="Unsubscribe from Shark Tips">
      {outcome.state === 'idle' ? (
        <>
          <Typography gutterBottom>Stop receiving the Shark Tips newsletter at this address?</Typography>
          <Button variant="contained" color="error" onClick={unsubscribe} sx={{ mt: 2 }}>
            Unsubscribe
          </Button>
        </>
      ) : (
        <Result outcome={outcome} />
      )}
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/" variant="outlined">
          Return Home
        </Button>
      </Box>
    </Frame>
  );
}
