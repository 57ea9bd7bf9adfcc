import { Alert, Box, Button, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { apiRequest } from '../api/http';
import { toast } from './toast';

type NewsletterState = 'idle' | 'submitting' | 'subscribed';

/** The newsletter signup: idle, then submitting, then asked to confirm from the inbox (double opt-in). */
export function NewsletterForm({ dense = false }: { dense?: boolean }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<NewsletterState>('idle');
  const inputId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || !value.includes('@')) {
      toast({ title: 'Invalid email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    setState('submitting');
    try {
      await apiRequest('POST', '/api/newsletter-signup', { email: value });
      setState('subscribed');
      setEmail('');
      // Double opt-in: nothing is sent until the link in the confirmation mail is clicked, so say that (issue 30 item 7).
      toast({
        title: 'Check your inbox to confirm',
        description: `We sent a confirmation link to ${value}. Your Shark Tips start once you click it.`,
      });
    } catch {
      setState('idle');
      toast({ title: 'Subscription failed', description: 'Please try again later or contact support.', variant: 'destructive' });
    }
  };

  if (state === 'subscribed') {
    return (
      <Alert severity="success" data-testid="newsletter-success">
        Almost there: check your inbox to confirm your subscription.
      </Alert>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Newsletter signup"
      sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}
    >
      <TextField
        id={inputId}
        type="email"
        label="Email address"
        size={dense ? 'small' : 'medium'}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
        fullWidth
        slotProps={{ inputLabel: { sx: dense ? undefined : undefined } }}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
      <Button type="submit" variant="contained" color="primary" disabled={state === 'submitting'} sx={{ whiteSpace: 'nowrap', px: 3 }}>
        {state === 'submitting' ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </Box>
  );
}
