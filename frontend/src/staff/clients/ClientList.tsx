import { Box, Chip, Stack, useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, List, SearchInput, SimpleList, TopToolbar, useNotify } from 'react-admin';
import { day, RecordTable } from '../RecordTable';
import { useCan } from '../staff';
import { ApiKey } from './ApiKey';
import { DEFAULT_CLIENT_ID, type Client } from './client';

export function ActiveChip({ client }: { client: Client }) {
  return (
    <Chip size="small" label={client.isActive ? 'Active' : 'Inactive'} color={client.isActive ? 'success' : 'default'} variant="outlined" />
  );
}

export function Swatches({ client }: { client: Client }) {
  return (
    <Stack direction="row" spacing={0.5} aria-label={`Colours ${client.primaryColor} and ${client.secondaryColor}`}>
      {[client.primaryColor, client.secondaryColor].map((color, index) => (
        <Box
          key={index}
          title={color}
          sx={{ width: 20, height: 20, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: color }}
        />
      ))}
    </Stack>
  );
}

/** The hosts a tenant answers on: its custom domain and its subdomain (of BASE_DOMAIN); client 1 has the default ones. */
const hosts = (client: Client) =>
  client.id === DEFAULT_CLIENT_ID
    ? 'default hosts'
    : [client.customDomain, client.subdomain && `subdomain ${client.subdomain}`].filter(Boolean).join(', ') || 'none';

/**
 * Tenants (the website spec's white-label clients): every staff member reads them (a white-label client's staff only
 * their own); New Client for those who may create (support and admins of the default brand). Spec toast on failure:
 * 'Failed to fetch clients'.
 */
export function ClientList() {
  const canCreate = useCan('manageTenants');
  const notify = useNotify();
  // Phones get one line per tenant (its page has the rest, the API key among it); the table needs a wide screen.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Tenants"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Name or host" />]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={<TopToolbar>{canCreate && <CreateButton label="New Client" />}</TopToolbar>}
      queryOptions={{ onError: () => notify('Failed to fetch clients', { type: 'error' }) }}
      empty={false}
    >
      {small ? (
        <SimpleList<Client>
          primaryText={(client) => client.name}
          secondaryText={(client) => `${client.isActive ? 'Active' : 'Inactive'} · ${hosts(client)}`}
          tertiaryText={(client) => <Swatches client={client} />}
          linkType="show"
        />
      ) : (
        <RecordTable<Client>
          label="Tenants"
          empty="No client matches."
          columns={[
            { label: 'Name', sort: 'name', render: (client) => client.name },
            { label: 'Hosts', render: hosts },
            { label: 'Status', render: (client) => <ActiveChip client={client} /> },
            { label: 'Colours', render: (client) => <Swatches client={client} /> },
            { label: 'API key', render: (client) => <ApiKey client={client} /> },
            { label: 'Created', sort: 'createdAt', render: (client) => day(client.createdAt) },
          ]}
        />
      )}
    </List>
  );
}
