import { CreateButton, Datagrid, DateField, DeleteButton, List, SearchInput, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { useCan } from '../staff';

function Unblock() {
  const record = useRecordContext();
  return record ? <DeleteButton label="Unblock" mutationMode="pessimistic" confirmTitle={`Unblock ${String(record.id)}?`} /> : null;
}

/** The destination blocklist: everyone in the console reads it; only admins block and unblock. */
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
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="domain" />
        <TextField source="reason" sortable={false} />
        <DateField source="blockedAt" label="Blocked" showTime />
        {manage && <Unblock />}
      </Datagrid>
    </List>
  );
}
