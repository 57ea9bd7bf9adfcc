import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Button, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import { API, httpClient } from '../data-provider';
import { useCan } from '../staff';
import { maskKey, type Client } from './client';

/** The API key, masked until revealed (per client); support and admins may rotate it (the old key stops working). */
export function ApiKey({ client, rotate = false }: { client: Client; rotate?: boolean }) {
  const [revealed, setRevealed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const canRotate = useCan('manageTenants') && rotate;
  const notify = useNotify();
  const refresh = useRefresh();
  const rotateKey = async () => {
    setBusy(true);
    try {
      await httpClient(`${API}/clients/${client.id}/api-key`, { method: 'POST' });
      notify('API key rotated', { type: 'success' });
      setRevealed(true);
      refresh();
    } catch {
      notify('Failed to rotate the API key', { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="api-key">
        {revealed ? client.apiKey : maskKey(client.apiKey)}
      </Typography>
      <IconButton size="small" aria-label={revealed ? 'Hide API key' : 'Show API key'} onClick={() => setRevealed((value) => !value)}>
        {revealed ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </IconButton>
      {canRotate && (
        <>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => setAsking(true)}>
            Rotate key
          </Button>
          <Confirm
            isOpen={asking}
            loading={busy}
            title={`Rotate the API key of ${client.name}?`}
            content="A new key replaces this one at once: anything still using the old key stops working."
            confirm="Rotate"
            onConfirm={rotateKey}
            onClose={() => setAsking(false)}
          />
        </>
      )}
    </Stack>
  );
}
