import type { ApiAnswer } from '../../api/types';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

/** One field an event changed (GET /api/admin/events/:id's `changes`). */
export type Change = ApiAnswer<'/api/admin/events/{id}'>['changes'][number];

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The diff of one event against the state before it: field, before, after. */
export function ChangesTable({ changes }: { changes: Change[] }) {
  if (!changes.length) return <Typography variant="body2">No field changes recorded.</Typography>;
  return (
    <Table size="small" aria-label="Changes">
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.field}>
            <TableCell component="th" scope="row">
              {change.field}
            </TableCell>
            <TableCell sx={{ color: 'error.dark', wordBreak: 'break-all' }}>{show(change.before)}</TableCell>
            <TableCell sx={{ color: 'success.dark', wordBreak: 'break-all' }}>{show(change.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
