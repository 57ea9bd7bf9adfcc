import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { FORM_MESSAGES, passwordLengthError } from '@qrsharks/qr-core/browser';
import { useState, type FormEvent } from 'react';
import { apiRequest, serverMessage } from '../api/http';
import { toast } from './toast';

interface Fields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function validateChangePassword(fields: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!fields.currentPassword) errors.currentPassword = 'Current password is required';
  const short = passwordLengthError(fields.newPassword);
  if (short) errors.newPassword = short;
  if (!fields.confirmPassword) errors.confirmPassword = 'Please confirm your new password';
  else if (fields.confirmPassword !== fields.newPassword) errors.confirmPassword = FORM_MESSAGES.passwordsDiffer;
  return errors;
}

/** Unlike the old client, this dialog really changes the password (POST /api/change-password). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [saving, setSaving] = useState(false);

  const close = () => {
    setFields(EMPTY);
    setErrors({});
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateChangePassword(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await apiRequest('POST', '/api/change-password', fields);
      toast({ title: 'Password updated', description: 'Your password has been changed.' });
      close();
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to update password. Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof Fields, label: string, autoComplete: string) => (
    <TextField
      type="password"
      label={label}
      name={name}
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(event) => setFields((previous) => ({ ...previous, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="change-password-title">Change Password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('currentPassword', 'Current password', 'current-password')}
            {field('newPassword', 'New password', 'new-password')}
            {field('confirmPassword', 'Confirm new password', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Updating...' : 'Update Password'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
