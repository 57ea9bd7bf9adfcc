// Developers (issue 34): the owner's API keys, then their webhooks (WebhooksSection.tsx). Create a key (name and
// scopes; the key is shown once, with a copy button and a curl example using it), list them (prefix, scopes, created,
// last used) and revoke one after a confirmation. The API's reference is the server's /api/docs.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormHelperText,
  LinearProgress,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Title } from 'react-admin';
import { serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { Secret } from './Secret';
import { WebhooksSection } from './WebhooksSection';
import { API_KEYS, createKey, curlExample, listKeys, revokeKey, SCOPES, type ApiKey, type CreatedApiKey, type Scope } from './api-keys';

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function NewKeyCard({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['codes:read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createKey,
    onSuccess: async (created) => {
      setName('');
      setErrors({});
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: API_KEYS });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'Could not create the key'), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : 'Name is required',
      scopes: scopes.length ? undefined : 'Choose at least one scope',
    };
    setErrors(found);
    if (found.name || found.scopes) return;
    create.mutate({ name: name.trim(), scopes });
  };
  const toggle = (scope: Scope, on: boolean) =>
    setScopes((current) => SCOPES.map((s) => s.scope).filter((s) => (s === scope ? on : current.includes(s))));
  return (
    <Card variant="outlined">
      <CardContent component="form" noValidate onSubmit={submit} aria-label="Create an API key">
        <Typography variant="h6" component="h2" gutterBottom>
          Create an API key
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A key lets a script call the API as you, with only the scopes you give it. Send it as{' '}
          <Box component="code">Authorization: Bearer …</Box>.
        </Typography>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'What the key is for, e.g. "Nightly export"'}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          fullWidth
          sx={{ mb: 1, maxWidth: 480 }}
        />
        <Typography component="h3" variant="subtitle2" id="scopes-label" sx={{ mt: 1 }}>
          Scopes
        </Typography>
        {/* Native checkboxes: MUI's Checkbox here would split it out of the generator's chunk into one the landing page loads. */}
        <Box role="group" aria-labelledby="scopes-label" sx={{ display: 'grid', gap: 0.5, my: 1 }}>
          {SCOPES.map(({ scope, label }) => (
            <Box component="label" key={scope} sx={{ display: 'flex', alignItems: 'center', gap: 1, cursor: 'pointer', minHeight: 40 }}>
              <Box
                component="input"
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event: ChangeEvent<HTMLInputElement>) => toggle(scope, event.target.checked)}
                sx={{ width: 18, height: 18, m: 1, accentColor: (theme) => theme.palette.primary.main }}
              />
              <span>
                <Box component="code" sx={{ mr: 1 }}>
                  {scope}
                </Box>
                <Typography component="span" color="text.secondary" variant="body2">
                  {label}
                </Typography>
              </span>
            </Box>
          ))}
        </Box>
        {errors.scopes && <FormHelperText error>{errors.scopes}</FormHelperText>}
        <Button type="submit" variant="contained" disabled={create.isPending} sx={{ mt: 2 }}>
          Create key
        </Button>
      </CardContent>
    </Card>
  );
}

/** The new key, shown this once, with its copy button and a first call using it. */
function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const command = created ? curlExample(window.location.origin, created.key) : '';
  return (
    <Dialog open={created !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="new-key-title">
      <DialogTitle id="new-key-title">Your new API key</DialogTitle>
      {created && (
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">Copy it now: it is shown only this once. We keep only a fingerprint of it.</Alert>
          <Secret label="key" value={created.key} testId="new-key" copied="The key" />
          <DialogContentText>Try it: list your codes.</DialogContentText>
          <Secret label="curl command" value={command} testId="curl-example" copied="The command" />
          <DialogContentText>
            Every route and the scope it needs:{' '}
            <Link href="/api/docs" target="_blank" rel="noopener">
              API documentation
            </Link>
            .
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (id: string) => revokeKey(id),
    onSuccess: async () => {
      toast({ title: 'Key revoked', description: 'Scripts using it are refused from now on.' });
      await queryClient.invalidateQueries({ queryKey: API_KEYS });
      onClose();
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'Could not revoke the key'), variant: 'destructive' }),
  });
  return (
    <Dialog open={apiKey !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="revoke-key-title">
      <DialogTitle id="revoke-key-title">Revoke this key?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {apiKey ? `"${apiKey.name}" (${apiKey.prefix}…) stops working at once. This cannot be undone.` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={revoke.isPending} onClick={() => apiKey && revoke.mutate(apiKey.id)}>
          Revoke
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <Box
      component="li"
      data-testid="api-key"
      data-key-id={apiKey.id}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
        opacity: revoked ? 0.7 : 1,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="api-key-name">
            {apiKey.name}
          </Typography>
          <Box component="code" sx={{ fontSize: 13 }} data-testid="api-key-prefix">
            {apiKey.prefix}…
          </Box>
          {revoked && <Chip size="small" label="Revoked" />}
        </Stack>
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', my: 0.5 }} aria-label="Scopes">
          {apiKey.scopes.map((scope) => (
            <Chip key={scope} size="small" variant="outlined" label={scope} />
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Created {dateTime(apiKey.createdAt)} · {apiKey.lastUsedAt ? `Last used ${dateTime(apiKey.lastUsedAt)}` : 'Never used'}
          {apiKey.revokedAt ? ` · Revoked ${dateTime(apiKey.revokedAt)}` : ''}
        </Typography>
      </Box>
      {!revoked && (
        <Button color="error" variant="outlined" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      )}
    </Box>
  );
}

export function DevelopersPage() {
  usePageTitle('Developers - QR Code Sharks');
  const keys = useQuery({ queryKey: API_KEYS, queryFn: listKeys });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title="Developers" />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Developers
          </Typography>
          <Typography color="text.secondary">
            Create and change codes and read their analytics from your own scripts. The{' '}
            <Link href="/api/docs" target="_blank" rel="noopener">
              API documentation
            </Link>{' '}
            lists every route and the scope its key needs.
          </Typography>
        </CardContent>
      </Card>
      <NewKeyCard onCreated={setCreated} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Your API keys
          </Typography>
          {keys.isPending && <LinearProgress aria-label="Loading keys" />}
          {keys.isError && <Alert severity="error">{serverMessage(keys.error, 'Could not load your keys')}</Alert>}
          {keys.data?.length === 0 && <Typography color="text.secondary">No keys yet.</Typography>}
          {keys.data && keys.data.length > 0 && (
            <Box component="ul" aria-label="API keys" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
              {keys.data.map((apiKey) => (
                <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
      <WebhooksSection />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Box>
  );
}
