import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { apiJson, serverMessage } from '../api/http';

/** A dynamic code as GET /api/dynamic-qrcodes answers it (the fields this list shows). */
export interface DynamicCode {
  id: string;
  qrType: string;
  shortCode: string;
  link: string;
  destination: string | null;
  isPaused: boolean;
  hasPassword: boolean;
  scanCount: number;
  version: number;
}

export const CODE_PASSWORD_MIN = 4;
export const CODE_PASSWORD_MAX = 128;

/** The same rules as the server's (PUT /api/dynamic-qrcodes/{id}/password), checked before sending. */
export function validateCodePassword(password: string): string | null {
  if (password.length < CODE_PASSWORD_MIN) return `Password must be at least ${CODE_PASSWORD_MIN} characters`;
  if (password.length > CODE_PASSWORD_MAX) return `Password must be at most ${CODE_PASSWORD_MAX} characters`;
  return null;
}

const ifMatch = (code: DynamicCode) => ({ 'If-Match': `"${code.version}"` });

/** The signed-in user's dynamic codes: a lock on protected ones, and setting, changing or removing the password. */
export function DynamicCodes() {
  const [codes, setCodes] = useState<DynamicCode[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<DynamicCode | null>(null);

  const load = useCallback(() => {
    apiJson<DynamicCode[]>('GET', '/api/dynamic-qrcodes').then(
      (rows) => {
        setCodes(rows ?? []);
        setError(null);
      },
      (failure: unknown) => setError(serverMessage(failure, 'Your dynamic codes could not be loaded.')),
    );
  }, []);
  useEffect(load, [load]);

  const replace = (changed: DynamicCode) => setCodes((rows) => rows?.map((row) => (row.id === changed.id ? changed : row)) ?? null);

  const remove = async (code: DynamicCode) => {
    try {
      replace(await apiJson<DynamicCode>('DELETE', `/api/dynamic-qrcodes/${code.id}/password`, undefined, ifMatch(code)));
      setError(null);
    } catch (failure) {
      setError(serverMessage(failure, 'The password could not be removed.'));
      load();
    }
  };

  if (error && !codes) return <Alert severity="info">{error}</Alert>;
  if (!codes) return <CircularProgress size={24} aria-label="Loading your dynamic codes" />;
  return (
    <Stack spacing={2} data-testid="dynamic-codes">
      <Typography variant="h6" component="h2">
        Dynamic codes
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {codes.length === 0 && <Typography color="text.secondary">You have no dynamic codes yet.</Typography>}
      {codes.map((code) => (
        <Card key={code.id} variant="outlined" data-testid="dynamic-code-card" data-short-code={code.shortCode}>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
                <Link href={code.link} target="_blank" rel="noopener noreferrer">
                  {code.link}
                </Link>
              </Typography>
              {code.hasPassword && (
                <Chip size="small" color="warning" icon={<LockIcon />} label="Password protected" data-testid="code-lock" />
              )}
              {code.isPaused && <Chip size="small" label="Paused" />}
            </Stack>
            <Typography color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
              {code.qrType.toUpperCase()}
              {code.destination ? ` → ${code.destination}` : ''} · {code.scanCount} scans
            </Typography>
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button size="small" startIcon={<LockIcon />} onClick={() => setEditing(code)}>
              {code.hasPassword ? 'Change password' : 'Set password'}
            </Button>
            {code.hasPassword && (
              <Button size="small" color="warning" startIcon={<LockOpenIcon />} onClick={() => void remove(code)}>
                Remove password
              </Button>
            )}
          </CardActions>
        </Card>
      ))}
      <CodePasswordDialog
        code={editing}
        onClose={() => setEditing(null)}
        onSaved={(changed) => {
          replace(changed);
          setEditing(null);
        }}
        onStale={load}
      />
    </Stack>
  );
}

function CodePasswordDialog({
  code,
  onClose,
  onSaved,
  onStale,
}: {
  code: DynamicCode | null;
  onClose: () => void;
  onSaved: (code: DynamicCode) => void;
  onStale: () => void;
}) {
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
      const saved = await apiJson<DynamicCode>('PUT', `/api/dynamic-qrcodes/${code.id}/password`, { password }, ifMatch(code));
      setPassword('');
      setFailure(null);
      onSaved(saved);
    } catch (error) {
      setFailure(serverMessage(error, 'The password could not be saved.'));
      if (error instanceof Error && error.message.startsWith('412')) onStale();
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
