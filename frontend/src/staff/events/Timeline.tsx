import { Pagination, ReferenceManyField } from 'react-admin';
import { RecordTable } from '../RecordTable';
import { AUDIT_COLUMNS, type AuditRow } from './EventList';

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
      <RecordTable<AuditRow> label="Timeline" empty="No changes recorded." columns={AUDIT_COLUMNS.slice(0, 3)} />
    </ReferenceManyField>
  );
}
