import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { apiJson, serverMessage } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { toast } from '../../ui/toast';

type Erased = ApiAnswer<'/api/admin/erasures/payers', 'post'>;

interface Request {
  kind: 'payer' | 'sender';
  title: string;
  path: string;
  explanation: string;
  button: string;
  consequence: string;
  done: (erased: number) => string;
}

const REQUESTS: Request[] = [
  {
    kind: 'payer',
    title: 'Erase a payer',
    path: '/api/admin/erasures/payers',
    explanation: 'The address a payer gave at checkout, in every payment that names it. The payments themselves stay.',
    button: 'Erase payer',
    consequence: 'in every payment made with it will be unreadable for ever',
    done: () => "The payer's address was erased from their payments.",
  },
  {
    kind: 'sender',
    title: 'Erase a contact-form sender',
    path: '/api/admin/erasures/contact-senders',
    explanation: 'The name, address, subject and message of every contact message sent from the address.',
    button: 'Erase sender',
    consequence: 'and the name, subject and message of every contact message sent from it will be unreadable for ever',
    done: (erased) => `${erased} contact ${erased === 1 ? 'message was' : 'messages were'} erased.`,
  },
];

/**
 * Erasure on request (issue 32, admins of the default brand): a payer or a contact-form sender asks for their data to
 * be erased, by the address they used. Each asks for a confirmation first; the audit log records the erasure without
 * the address.
 */
export function PrivacyRequests() {
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Privacy requests" />
      <Typography variant="h4" component="h1" gutterBottom>
        Privacy requests
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        When a person asks for their personal data to be erased, enter the address they used. Accounts are erased by deleting them in their
        settings.
      </Typography>
      <Stack spacing={3}>
        {REQUESTS.map((request) => (
          <ErasureCard key={request.kind} request={request} />
        ))}
      </Stack>
    </Box>
  );
}

function ErasureCard({ request }: { request: Request }) {
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const address = email.trim();
  const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);
  const id = `erase-${request.kind}`;

  const erase = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const { erased } = await apiJson<Erased>('POST', request.path, { email: address });
      toast({ title: 'Erased', description: request.done(erased) });
      setEmail('');
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, 'The erasure failed.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`${id}-title`} gutterBottom>
          {request.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {request.explanation}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            label="Email address"
            type="email"
            size="small"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': `${id}-email` } }}
            sx={{ minWidth: { xs: '100%', sm: 320 } }}
          />
          <Button color="error" variant="contained" disabled={!valid || busy} onClick={() => setConfirming(true)}>
            {request.button}
          </Button>
        </Box>
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} fullWidth maxWidth="sm">
        <DialogTitle>{request.title}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {address} {request.consequence}. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void erase()}>
            {request.button}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
