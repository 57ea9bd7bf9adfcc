// Password protection of a dynamic code (issue 15): set, change or remove; /d/ then asks scanners for it.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { apiJson, serverMessage } from '../../api/http';
import type { DashboardCode } from '../data-provider';

export const CODE_PASSWORD_MIN = 4;
export const CODE_PASSWORD_MAX = 128;

/** The same rules as the server's (PUT /api/dynamic-qrcodes/{id}/password), checked before sending. */
export function validateCodePassword(password: string): string | null {
  if (password.length < CODE_PASSWORD_MIN) return `Password must be at least ${CODE_PASSWORD_MIN} characters`;
  if (password.length > CODE_PASSWORD_MAX) return `Password must be at most ${CODE_PASSWORD_MAX} characters`;
  return null;
}

const ifMatch = (code: DashboardCode) => ({ 'If-Match': `"${code.version}"` });

export function removeCodePassword(code: DashboardCode): Promise<DashboardCode> {
  return apiJson<DashboardCode>('DELETE', `/api/dynamic-qrcodes/${code.id}/password`, undefined, ifMatch(code));
}

export function CodePasswordDialog({ code, onClose, onSaved }: { code: DashboardCode | null; onClose: () => void; onSaved: () => void }) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setPassword('');
    setFieldError(null);
    setFailure(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) return;
    const invalid = validateCodePassword(password);
    setFieldError(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      await apiJson<DashboardCode>('PUT', `/api/dynamic-qrcodes/${code.id}/password`, { password }, ifMatch(code));
      setPassword('');
      setFailure(null);
      onSaved();
    } catch (error) {
      setFailure(serverMessage(error, 'The password could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={code !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="code-password-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="code-password-title">{code?.hasPassword ? 'Change password' : 'Set a password'}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            People who scan this code will have to enter the password before they reach its content.
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            type="password"
            label="Password"
            name="code-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? `${CODE_PASSWORD_MIN} to ${CODE_PASSWORD_MAX} characters`}
            slotProps={{ htmlInput: { maxLength: CODE_PASSWORD_MAX } }}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : 'Save password'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
