import WarningIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
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
import { apiRequest, queryClient, serverMessage, useUser, USER_KEY } from '../../api/http';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { toast } from '../../ui/toast';
import { TrialCard } from '../../ui/TrialCard';
import { usePlan } from '../../ui/usePlan';
import { DataExportCard } from './DataExportCard';
import { NotificationsCard } from './NotificationsCard';
import { usePageTitle } from '../../ui/usePageTitle';

export const DELETE_REDIRECT_DELAY_MS = 2000;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { sm: 2 }, py: 1 }}>
      <Typography sx={{ width: { sm: 200 }, color: 'text.secondary' }}>{label}</Typography>
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

export function AccountSettingsPage() {
  usePageTitle('Account Settings - QR Code Sharks');
  const { user, isLoading } = useUser();
  const plan = usePlan();
  const [editing, setEditing] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [saving, setSaving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // What the person types to confirm the deletion: the password, or (no password: Google only) the email address.
  const [proof, setProof] = useState('');
  const [proofError, setProofError] = useState('');

  if (isLoading) return <LoadingScreen />;
  // Signed out, the spec's message (website spec, account settings), not a redirect.
  if (!user) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity="info">Please log in to access account settings.</Alert>
      </Container>
    );
  }

  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');

  const save = async () => {
    setSaving(true);
    try {
      await apiRequest('PUT', '/api/update-name', { firstName: firstName.trim(), lastName: lastName.trim() });
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      toast({ title: 'Name Updated', description: 'Your name has been saved.' });
      setEditing(false);
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to update name. Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  // The form starts from the saved name each time it opens.
  const startEditing = () => {
    setFirstName(user.firstName ?? '');
    setLastName(user.lastName ?? '');
    setEditing(true);
  };

  const cancel = () => {
    setFirstName(user.firstName ?? '');
    setLastName(user.lastName ?? '');
    setEditing(false);
  };

  const needsPassword = user.hasPassword !== false;
  const closeConfirm = () => {
    setConfirmOpen(false);
    setProof('');
    setProofError('');
  };

  const deleteAccount = async () => {
    if (!proof.trim()) {
      setProofError(needsPassword ? 'Please enter your password to delete your account' : 'Please type your email address to confirm');
      return;
    }
    setDeleting(true);
    setProofError('');
    try {
      await apiRequest('POST', '/api/delete-account', needsPassword ? { password: proof } : { confirmation: proof });
      setConfirmOpen(false);
      toast({ title: 'Account Deleted', description: 'Your account has been deleted. You will be redirected to the home page.' });
      // A full load of the home page: every cached query of the deleted account goes with it, and no protected
      // page is left mounted to bounce a signed-out visitor to /auth on the way.
      setTimeout(() => window.location.replace('/'), DELETE_REDIRECT_DELAY_MS);
    } catch (error) {
      const message = serverMessage(error, 'Failed to delete account. Please try again.');
      // A refused confirmation (400) is said at the field; anything else is a toast.
      if (error instanceof Error && error.message.startsWith('400:')) setProofError(message);
      else toast({ title: 'Error', description: message, variant: 'destructive' });
      setDeleting(false);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        Account Settings
      </Typography>

      <Card variant="outlined" sx={{ mb: 4 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Account information
          </Typography>
          <Row label="Name">
            {editing ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField
                  size="small"
                  label="First name"
                  value={firstName}
                  onChange={(event) => setFirstName(event.target.value)}
                  autoComplete="given-name"
                  autoFocus
                />
                <TextField
                  size="small"
                  label="Last name"
                  value={lastName}
                  onChange={(event) => setLastName(event.target.value)}
                  autoComplete="family-name"
                />
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" onClick={() => void save()} disabled={saving}>
                    {saving ? 'Saving...' : 'Save'}
                  </Button>
                  <Button onClick={cancel} disabled={saving}>
                    Cancel
                  </Button>
                </Stack>
              </Stack>
            ) : (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography data-testid="account-name">{fullName || 'Not set'}</Typography>
                <Button size="small" variant="outlined" onClick={startEditing}>
                  Edit
                </Button>
              </Stack>
            )}
          </Row>
          <Row label="Email">
            <Typography>{user.username}</Typography>
          </Row>
          <Row label="Subscription">
            {plan && (
              <Chip size="small" label={plan.label} color={plan.label === 'Free' ? 'default' : 'success'} data-testid="account-plan" />
            )}
          </Row>
          <Row label="Account type">
            <Typography>{user.googleId ? 'Google account' : 'Email account'}</Typography>
          </Row>
        </CardContent>
      </Card>

      <NotificationsCard />

      <DataExportCard />

      <Box sx={{ mb: 4 }}>
        <TrialCard />
      </Box>

      <Card variant="outlined" sx={{ borderColor: 'error.main' }} component="section" aria-labelledby="danger-zone">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <WarningIcon color="error" aria-hidden="true" />
            <Typography id="danger-zone" variant="h6" component="h2" color="error">
              Danger Zone
            </Typography>
          </Stack>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Deleting your account removes your saved codes and stops your dynamic codes from redirecting. This cannot be undone.
          </Typography>
          <Button variant="contained" color="error" onClick={() => setConfirmOpen(true)}>
            Delete Account
          </Button>
        </CardContent>
      </Card>

      <Dialog open={confirmOpen} onClose={() => !deleting && closeConfirm()} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void deleteAccount();
          }}
        >
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Your saved QR codes will be removed and your dynamic codes will stop working. This cannot be undone.
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              label={needsPassword ? 'Password' : 'Your email address'}
              type={needsPassword ? 'password' : 'email'}
              autoComplete={needsPassword ? 'current-password' : 'off'}
              value={proof}
              onChange={(event) => {
                setProof(event.target.value);
                setProofError('');
              }}
              disabled={deleting}
              error={Boolean(proofError)}
              helperText={
                proofError ||
                (needsPassword
                  ? 'Enter your password to confirm.'
                  : `You sign in with Google: type ${user.email ?? 'your email address'} to confirm.`)
              }
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={closeConfirm} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={deleting}>
              {deleting ? 'Deleting...' : 'Delete Account'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Container>
  );
}
