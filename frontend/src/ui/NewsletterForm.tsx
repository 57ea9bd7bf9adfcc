import { Alert, Box, Button, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { apiRequest } from '../api/http';
import { toast } from './toast';

type NewsletterState = 'idle' | 'submitting' | 'subscribed';

/** The newsletter signup: idle, then submitting, then subscribed. */
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
      toast({ title: 'Welcome to the pack!', description: "You'll receive weekly Shark Tips about QR codes and marketing strategies." });
    } catch {
      setState('idle');
      toast({ title: 'Subscription failed', description: 'Please try again later or contact support.', variant: 'destructive' });
    }
  };

  if (state === 'subscribed') {
    return (
      <Alert severity="success" data-testid="newsletter-success">
        Successfully subscribed!
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
