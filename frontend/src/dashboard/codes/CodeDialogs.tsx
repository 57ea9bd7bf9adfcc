// The dashboard's dialogs (core spec section 2): QR preview with PNG and SVG downloads, delete confirmation, the
// dynamic destination edit (section 5's messages; a stale edit shows the current destination), and rename.
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { apiRequest, serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { CODES, type DashboardCode, type DashboardDataProvider } from '../data-provider';
import { renderCodeSvg } from './code-render';
import { codeTitle, destinationError, failureStatus, typeLabel } from './code-text';
import { downloadName, saveBlob, svgDataUri } from './files';

export const STALE_MESSAGE = 'Someone else changed this code since you opened it. Its current value is shown below.';

/** The preview: the code large, and the server's downloads (recorded as downloads, the same renderer as the card). */
export function PreviewDialog({ code, onClose }: { code: DashboardCode | null; onClose: () => void }) {
  const svg = code ? renderCodeSvg(code) : null;
  const download = async (format: 'png' | 'svg') => {
    if (!code) return;
    try {
      const response = await apiRequest('GET', `/api/qrcodes/${code.id}/download?format=${format}`);
      saveBlob(await response.blob(), downloadName(code.qrType, format));
      toast({ title: 'QR Code Downloaded' });
    } catch (error) {
      console.error(error);
      toast({ title: 'Download Failed', description: 'There was a problem downloading your QR code.', variant: 'destructive' });
    }
  };
  return (
    <Dialog open={code !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="code-preview-title">
      <DialogTitle id="code-preview-title">QR Code Preview</DialogTitle>
      <DialogContent>
        {code && (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', textAlign: 'center' }}>{codeTitle(code)}</Typography>
            {svg ? (
              <Box
                component="img"
                data-testid="preview-image"
                src={svgDataUri(svg)}
                alt={`${typeLabel(code.qrType)} QR code, large`}
                sx={{ width: 320, maxWidth: '100%', aspectRatio: '1 / 1' }}
              />
            ) : (
              <Alert severity="warning">This code could not be drawn.</Alert>
            )}
            {code.qrMode === 'dynamic' && code.link && (
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                Encodes {code.link}
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<DownloadIcon />} variant="contained" onClick={() => void download('png')}>
          Download PNG
        </Button>
        <Button startIcon={<DownloadIcon />} variant="outlined" onClick={() => void download('svg')}>
          Download SVG
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Delete confirmation. A failure is only logged (section 8): the list stays as it was and the dialog closes. */
export function DeleteDialog({ code, onClose, onDeleted }: { code: DashboardCode | null; onClose: () => void; onDeleted: () => void }) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!code) return;
    setBusy(true);
    try {
      await dataProvider.delete(CODES, { id: code.id, previousData: code });
      onDeleted();
    } catch (error) {
      console.error('Delete failed', error);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog open={code !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="code-delete-title">
      <DialogTitle id="code-delete-title">Delete this QR code?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {code ? `"${codeTitle(code)}" will be deleted.` : ''}{' '}
          {code?.qrMode === 'dynamic' ? 'Printed copies will stop redirecting.' : 'This cannot be undone.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void confirm()}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface EditDialogProps {
  code: DashboardCode | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * One text field saved with If-Match: a 409/412 means someone else changed the code since the card was read, so the
 * dialog says so and shows the current value (read again), which the user may edit and save once more.
 */
function useVersionedEdit(code: DashboardCode | null, read: (code: DashboardCode) => string) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const [current, setCurrent] = useState<DashboardCode | null>(null);
  const [value, setValue] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const base = current && current.id === code?.id ? current : code;
  const shown = value ?? (base ? read(base) : '');
  const reset = () => {
    setCurrent(null);
    setValue(null);
    setStale(false);
  };
  const reload = async () => {
    if (!base) return;
    const { data } = await dataProvider.getOne<DashboardCode>(CODES, { id: base.id });
    setCurrent(data);
    setValue(read(data));
    setStale(true);
  };
  return { dataProvider, base, shown, setValue, stale, reset, reload };
}

export function DestinationDialog({ code, onClose, onSaved }: EditDialogProps) {
  const edit = useVersionedEdit(code, (c) => c.destination ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    edit.reset();
    setFieldError(null);
    setFailure(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!edit.base) return;
    const invalid = destinationError(edit.shown);
    setFieldError(invalid);
    if (invalid) return;
    setBusy(true);
    setFailure(null);
    try {
      await edit.dataProvider.editDestination(edit.base, edit.shown.trim());
      toast({ title: 'Dynamic QR Code saved', description: 'The code now leads to the new destination.' });
      edit.reset();
      onSaved();
      onClose();
    } catch (error) {
      const status = failureStatus(error);
      if (status === 409 || status === 412) await edit.reload().catch((reloadError: unknown) => console.error(reloadError));
      else if (status === 400) setFieldError(serverMessage(error, 'Please enter a valid URL'));
      else {
        console.error('Update failed', error);
        close();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={code !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="code-destination-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="code-destination-title">Edit destination</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Scans of this code will go to the new address. The printed code stays the same.
          </DialogContentText>
          {edit.stale && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="stale-edit">
              {STALE_MESSAGE}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            label="Destination URL"
            name="destination"
            type="url"
            value={edit.shown}
            onChange={(event) => edit.setValue(event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? ' '}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export const NAME_MAX = 100;

export function RenameDialog({ code, onClose, onSaved }: EditDialogProps) {
  const edit = useVersionedEdit(code, (c) => c.name ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    edit.reset();
    setFieldError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!edit.base) return;
    const name = edit.shown.trim();
    if (name.length > NAME_MAX) {
      setFieldError(`Name must be at most ${NAME_MAX} characters`);
      return;
    }
    setBusy(true);
    try {
      await edit.dataProvider.rename(edit.base, name);
      toast({ title: edit.base.qrMode === 'dynamic' ? 'Dynamic QR Code saved' : 'QR Code saved', description: name || 'Name removed' });
      edit.reset();
      onSaved();
      onClose();
    } catch (error) {
      const status = failureStatus(error);
      if (status === 409 || status === 412) await edit.reload().catch((reloadError: unknown) => console.error(reloadError));
      else if (status === 400) setFieldError(serverMessage(error, `Name must be at most ${NAME_MAX} characters`));
      else {
        console.error('Rename failed', error);
        close();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={code !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="code-rename-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="code-rename-title">Rename QR code</DialogTitle>
        <DialogContent>
          {edit.stale && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="stale-edit">
              {STALE_MESSAGE}
            </Alert>
          )}
          <TextField
            label="Name"
            name="name"
            value={edit.shown}
            onChange={(event) => edit.setValue(event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? 'Leave empty to show the code by its content'}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
