import { Create, useNotify, useRedirect } from 'react-admin';
import type { Client } from './client';
import { ClientForm } from './ClientForm';

/** New Client: support and admins of the default brand. Spec toasts: 'Client created successfully', 'Failed to create client'. */
export function ClientCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<Client>
      title="New Client"
      mutationOptions={{
        onSuccess: (client) => {
          notify('Client created successfully', { type: 'success' });
          redirect('show', 'clients', client.id);
        },
        onError: () => notify('Failed to create client', { type: 'error' }),
      }}
    >
      <ClientForm />
    </Create>
  );
}
