import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiJson, apiRequest, serverMessage } from '../../api/http';
import type { ShareLink } from './analytics-api';
import { dateTime } from '../../ui/words';

const DURATIONS = [1, 7, 30, 90, 365];

/** Read-only links to this code's analytics page: made with an expiry, revoked at any time (both are events). */
export function ShareLinksPanel({ qrId }: { qrId: string }) {
  const path = `/api/dynamic-qrcodes/${qrId}/share-links`;
  const links = useQuery<ShareLink[]>({ queryKey: [path], staleTime: 0, refetchOnMount: 'always' });
  const [days, setDays] = useState(30);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => apiJson<ShareLink>('POST', path, { expiresInDays: days }),
    onSuccess: () => (setError(null), void links.refetch()),
    onError: (failure) => setError(serverMessage(failure, 'The link could not be created. Try again.')),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${path}/${id}`),
    onSuccess: () => (setError(null), void links.refetch()),
    onError: (failure) => setError(serverMessage(failure, 'The link could not be revoked. Try again.')),
  });
  const url = (link: ShareLink) => `${window.location.origin}${link.path}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Share this page
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Anyone with a link sees this code's analytics, read-only, without signing in, and nothing else. Revoke a link to close it at once.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select size="small" label="Expires after" value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {DURATIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {value === 1 ? '1 day' : value === 365 ? '1 year' : `${value} days`}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => create.mutate()} disabled={create.isPending}>
          Create share link
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <List data-testid="share-links">
        {(links.data ?? []).map((link) => (
          <ListItem key={link.id} divider data-testid="share-link" data-status={link.status} data-url={url(link)}>
            <ListItemText
              primary={
                <Typography variant="body2" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
                  {url(link)}
                </Typography>
              }
              secondary={
                link.status === 'revoked'
                  ? `Revoked ${dateTime(link.revokedAt)}`
                  : `${link.status === 'expired' ? 'Expired' : 'Expires'} ${dateTime(link.expiresAt)}`
              }
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 1 }}>
              <Chip size="small" label={link.status} color={link.status === 'active' ? 'success' : 'default'} />
              {link.status === 'active' && (
                <>
                  <Tooltip title="Copy link">
                    <IconButton aria-label="Copy link" onClick={() => void navigator.clipboard?.writeText(url(link))}>
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                  <Button color="error" size="small" onClick={() => revoke.mutate(link.id)} disabled={revoke.isPending}>
                    Revoke
                  </Button>
                </>
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
