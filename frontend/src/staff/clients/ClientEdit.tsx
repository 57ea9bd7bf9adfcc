import { DeleteButton, Edit, SaveButton, Toolbar, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useCan } from '../staff';
import { DEFAULT_CLIENT_ID, type Client } from './client';
import { ClientForm } from './ClientForm';

/** The delete button for admins, never on client 1 (spec toasts: 'Client deleted successfully', 'Failed to delete client'). */
export function DeleteClientButton() {
  const client = useRecordContext<Client>();
  const canDelete = useCan('deleteTenants');
  const notify = useNotify();
  const redirect = useRedirect();
  if (!client || !canDelete || client.id === DEFAULT_CLIENT_ID) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      // The theme's error red on white falls short of 4.5:1 at this size (axe): a darker red.
      sx={{ color: '#b91c1c' }}
      confirmTitle={`Delete ${client.name}?`}
      confirmContent="Its hosts are freed and its users fall back to the default brand."
      mutationOptions={{
        onSuccess: () => {
          notify('Client deleted successfully', { type: 'success' });
          redirect('list', 'clients');
        },
        onError: () => notify('Failed to delete client', { type: 'error' }),
      }}
    />
  );
}

function EditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteClientButton />
    </Toolbar>
  );
}

/** Edit: every field and Active/Inactive, the theme preview following the form before saving. */
export function ClientEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<Client>
      title="Edit tenant"
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (client) => {
          notify('Client updated successfully', { type: 'success' });
          redirect('show', 'clients', client.id);
        },
        onError: () => notify('Failed to update client', { type: 'error' }),
      }}
    >
      <ClientForm edit toolbar={<EditToolbar />} />
    </Edit>
  );
}
