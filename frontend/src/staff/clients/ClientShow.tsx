import { Stack, Typography } from '@mui/material';
import { EditButton, Labeled, Show, SimpleShowLayout, TopToolbar, useRecordContext } from 'react-admin';
import { when } from '../RecordTable';
import { useCan } from '../staff';
import { ApiKey } from './ApiKey';
import type { Client } from './client';
import { DeleteClientButton } from './ClientEdit';
import { ActiveChip, Swatches } from './ClientList';
import { ThemePreviewFrame } from './ThemePreview';

function ShowActions() {
  const canEdit = useCan('manageTenants');
  return (
    <TopToolbar>
      {canEdit && <EditButton />}
      <DeleteClientButton />
    </TopToolbar>
  );
}

const text = (value: string | null) => value || 'none';

function ClientDetails() {
  const client = useRecordContext<Client>();
  if (!client) return null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <SimpleShowLayout sx={{ p: 0, flex: 1 }}>
        <Labeled label="Name">
          <Typography variant="h6" component="p">
            {client.name}
          </Typography>
        </Labeled>
        <Labeled label="Status">
          <ActiveChip client={client} />
        </Labeled>
        <Labeled label="Custom domain">
          <Typography variant="body2">{text(client.customDomain)}</Typography>
        </Labeled>
        <Labeled label="Subdomain">
          <Typography variant="body2">{text(client.subdomain)}</Typography>
        </Labeled>
        <Labeled label="Colours">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Swatches client={client} />
            <Typography variant="body2">
              {client.primaryColor} / {client.secondaryColor}
            </Typography>
          </Stack>
        </Labeled>
        <Labeled label="Logo URL">
          <Typography variant="body2">{text(client.logoUrl)}</Typography>
        </Labeled>
        <Labeled label="Favicon URL">
          <Typography variant="body2">{text(client.customFavicon)}</Typography>
        </Labeled>
        <Labeled label="QR Code Sharks branding">
          <Typography variant="body2">{client.removeQRCodeSharksBranding ? 'Removed' : 'Kept'}</Typography>
        </Labeled>
        <Labeled label="API key">
          <ApiKey client={client} rotate />
        </Labeled>
        <Labeled label="Updated">
          <Typography variant="body2">{when(client.updatedAt)}</Typography>
        </Labeled>
      </SimpleShowLayout>
      <ThemePreviewFrame values={client} />
    </Stack>
  );
}

/** One tenant: every field, its key (masked, reveal, rotate) and its theme as its pages show it. */
export function ClientShow() {
  return (
    <Show<Client> actions={<ShowActions />} title="Tenant">
      <ClientDetails />
    </Show>
  );
}
