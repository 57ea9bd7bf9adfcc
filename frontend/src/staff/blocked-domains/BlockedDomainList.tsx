import { CreateButton, DeleteButton, List, RecordContextProvider, SearchInput, TopToolbar } from 'react-admin';
import { RecordTable, when } from '../RecordTable';
import { useCan } from '../staff';
import type { ApiAnswer } from '../../api/types';

/** A row of GET /api/admin/blocked-domains. */
type BlockedDomain = ApiAnswer<'/api/admin/blocked-domains'>[number];

function Unblock({ record }: { record: BlockedDomain }) {
  return (
    <RecordContextProvider value={record}>
      <DeleteButton label="Unblock" mutationMode="pessimistic" confirmTitle={`Unblock ${record.domain}?`} />
    </RecordContextProvider>
  );
}

/** The destination blocklist: everyone in the staff console reads it; only admins block and unblock. */
export function BlockedDomainList() {
  const manage = useCan('manageBlocklist');
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Domain or reason" />]}
      sort={{ field: 'blockedAt', order: 'DESC' }}
      title="Blocked domains"
      actions={<TopToolbar>{manage && <CreateButton label="Block a domain" />}</TopToolbar>}
      empty={false}
    >
      <RecordTable<BlockedDomain>
        label="Blocked domains"
        show={false}
        empty="No domain is blocked."
        columns={[
          { label: 'Domain', sort: 'domain', render: (row) => row.domain },
          { label: 'Reason', render: (row) => row.reason },
          { label: 'Blocked', sort: 'blockedAt', render: (row) => when(row.blockedAt) },
          ...(manage ? [{ label: 'Actions', render: (row: BlockedDomain) => <Unblock record={row} /> }] : []),
        ]}
      />
    </List>
  );
}
