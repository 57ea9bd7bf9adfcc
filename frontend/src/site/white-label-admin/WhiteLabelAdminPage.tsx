import AddIcon from '@mui/icons-material/Add';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiJson, apiRequest, queryClient } from '../../api/http';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { clientPayload, EMPTY_CLIENT_FORM, formFromClient, maskKey, type ClientForm, type WhiteLabelClient } from './client-form';

const CLIENTS_KEY = ['/api/white-label/clients'] as const;
const PROTECTED_CLIENT_ID = 1;

function ClientDialog({
  open,
  initial,
  title,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  initial: ClientForm;
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (form: ClientForm) => void;
}) {
  const [form, setForm] = useState<ClientForm>(initial);
  const [nameError, setNameError] = useState<string>();
  const set = <K extends keyof ClientForm>(key: K, value: ClientForm[K]) => setForm((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setNameError('Name is required');
      return;
    }
    onSubmit(form);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="client-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="client-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              required
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              error={Boolean(nameError)}
              helperText={nameError}
              autoFocus
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Custom domain"
                value={form.customDomain}
                onChange={(event) => set('customDomain', event.target.value)}
                placeholder="qr.example.com"
                fullWidth
              />
              <TextField
                label="Subdomain"
                value={form.subdomain}
                onChange={(event) => set('subdomain', event.target.value)}
                placeholder="acme"
                fullWidth
              />
            </Stack>
            <TextField label="Logo URL" value={form.logoUrl} onChange={(event) => set('logoUrl', event.target.value)} type="url" />
            <TextField
              label="Favicon URL"
              value={form.customFavicon}
              onChange={(event) => set('customFavicon', event.target.value)}
              type="url"
            />
            <Stack direction="row" spacing={2}>
              <TextField
                type="color"
                label="Primary colour"
                value={form.primaryColor}
                onChange={(event) => set('primaryColor', event.target.value)}
                fullWidth
              />
              <TextField
                type="color"
                label="Secondary colour"
                value={form.secondaryColor}
                onChange={(event) => set('secondaryColor', event.target.value)}
                fullWidth
              />
            </Stack>
            <TextField
              label="Custom CSS"
              value={form.customCSS}
              onChange={(event) => set('customCSS', event.target.value)}
              multiline
              minRows={4}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.removeQRCodeSharksBranding}
                  onChange={(event) => set('removeQRCodeSharksBranding', event.target.checked)}
                />
              }
              label="Remove QR Code Sharks branding"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ClientCard({ client, onEdit, onDelete }: { client: WhiteLabelClient; onEdit: () => void; onDelete: () => void }) {
  const [revealed, setRevealed] = useState(false);
  const active = client.isActive !== false;
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="client-card">
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2" noWrap>
            {client.name}
          </Typography>
          <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Domain: {client.customDomain || 'none'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Subdomain: {client.subdomain || 'none'}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ my: 1.5, alignItems: 'center' }}>
          {[client.primaryColor, client.secondaryColor].map((color, index) => (
            <Box
              key={index}
              title={color ?? undefined}
              sx={{ width: 24, height: 24, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: color || 'transparent' }}
            />
          ))}
          <Typography variant="body2" color="text.secondary">
            {client.primaryColor} / {client.secondaryColor}
          </Typography>
        </Stack>
        {client.apiKey && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="api-key">
              {revealed ? client.apiKey : maskKey(client.apiKey)}
            </Typography>
            <IconButton size="small" aria-label={revealed ? 'Hide API key' : 'Show API key'} onClick={() => setRevealed((value) => !value)}>
              {revealed ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
            </IconButton>
          </Stack>
        )}
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button size="small" variant="outlined" onClick={onEdit}>
          Edit
        </Button>
        {client.id !== PROTECTED_CLIENT_ID && (
          <Button size="small" color="error" onClick={onDelete}>
            Delete
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

export function WhiteLabelAdminPage() {
  usePageTitle('White-Label Clients - QR Code Sharks');
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<WhiteLabelClient | null>(null);
  const [deleting, setDeleting] = useState<WhiteLabelClient | null>(null);
  const [createKey, setCreateKey] = useState(0);

  const clients = useQuery<WhiteLabelClient[]>({
    queryKey: CLIENTS_KEY,
    queryFn: async () => {
      try {
        return (await apiJson<WhiteLabelClient[]>('GET', '/api/white-label/clients')) ?? [];
      } catch (error) {
        toast({ title: 'Error', description: 'Failed to fetch clients', variant: 'destructive' });
        throw error;
      }
    },
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });

  const create = useMutation({
    mutationFn: (form: ClientForm) => apiJson<WhiteLabelClient>('POST', '/api/white-label/clients', clientPayload(form)),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Client created successfully' });
      setCreateOpen(false);
      void refresh();
    },
    onError: () => toast({ title: 'Error', description: 'Failed to create client', variant: 'destructive' }),
  });

  const update = useMutation({
    mutationFn: ({ id, form }: { id: number; form: ClientForm }) =>
      apiRequest('PUT', `/api/white-label/clients/${id}`, { id, ...clientPayload(form) }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Client updated successfully' });
      setEditing(null);
      void refresh();
    },
    onError: () => toast({ title: 'Error', description: 'Failed to update client', variant: 'destructive' }),
  });

  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/white-label/clients/${id}`),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Client deleted successfully' });
      void refresh();
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete client', variant: 'destructive' }),
    onSettled: () => setDeleting(null),
  });

  const [editInitial, setEditInitial] = useState<ClientForm>(EMPTY_CLIENT_FORM);

  return (
    <Container maxWidth="lg" sx={{ py: 6 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 4 }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            White-Label Clients
          </Typography>
          <Typography color="text.secondary">Brands that run QR Code Sharks under their own name, colours and domain.</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setCreateKey((key) => key + 1);
            setCreateOpen(true);
          }}
        >
          New Client
        </Button>
      </Stack>
      {clients.isLoading ? (
        <LoadingScreen minHeight={240} />
      ) : clients.isError ? (
        <Typography color="error">Failed to fetch clients</Typography>
      ) : (clients.data ?? []).length === 0 ? (
        <Typography color="text.secondary">No clients yet.</Typography>
      ) : (
        <Grid container spacing={3}>
          {(clients.data ?? []).map((client) => (
            <Grid key={client.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <ClientCard
                client={client}
                onEdit={() => {
                  setEditInitial(formFromClient(client));
                  setEditing(client);
                }}
                onDelete={() => setDeleting(client)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      <ClientDialog
        key={`create-${createKey}`}
        open={createOpen}
        title="Create Client"
        initial={EMPTY_CLIENT_FORM}
        busy={create.isPending}
        onClose={() => setCreateOpen(false)}
        onSubmit={(form) => create.mutate(form)}
      />
      <ClientDialog
        key={`edit-${editing?.id ?? 'none'}`}
        open={Boolean(editing)}
        title="Edit Client"
        initial={editInitial}
        busy={update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={(form) => editing && update.mutate({ id: editing.id, form })}
      />
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-client-title">
        <DialogTitle id="delete-client-title">Delete {deleting?.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>The client's users keep their accounts but lose the custom branding. This cannot be undone.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
