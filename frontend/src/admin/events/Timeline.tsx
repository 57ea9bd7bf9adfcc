import { Datagrid, DateField, Pagination, ReferenceManyField, TextField } from 'react-admin';

/** A user's or a code's timeline: the audit log filtered by `target` (userId or qrId) of the record on the page. */
export function Timeline({ target }: { target: 'userId' | 'qrId' }) {
  return (
    <ReferenceManyField
      reference="events"
      target={target}
      sort={{ field: 'position', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      label={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false} empty={<>No changes recorded.</>}>
        <DateField source="occurredAt" label="When" showTime sortable={false} />
        <TextField source="actorEmail" label="Who" sortable={false} emptyText="system" />
        <TextField source="summary" label="What" sortable={false} />
      </Datagrid>
    </ReferenceManyField>
  );
}
