import { Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCreatePath, useListContext, type RaRecord } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { dateTime } from '../ui/words';

export interface Column<R> {
  label: string;
  /** The server's sort field, when the column sorts. */
  sort?: string;
  render: (record: R) => ReactNode;
}

/**
 * The staff console's list table: rows of the surrounding list (List or ReferenceManyField), sortable headers, a click opens
 * the record's page. Not react-admin's Datagrid: its selection checkboxes would share MUI's Checkbox with the landing
 * page's generator, and that split costs the landing page its JS budget (scripts/bundle-size.mjs).
 */
export function RecordTable<R extends RaRecord>(props: { columns: Column<R>[]; show?: boolean; empty?: string; label: string }) {
  const { data, sort, setSort, resource, isPending } = useListContext<R>();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  if (isPending) return null;
  if (!data?.length)
    return (
      <Typography sx={{ p: 2 }} variant="body2">
        {props.empty ?? 'Nothing here.'}
      </Typography>
    );
  const open = (record: R) => navigate(createPath({ resource, id: record.id, type: 'show' }));
  return (
    <Table size="small" aria-label={props.label}>
      <TableHead>
        <TableRow>
          {props.columns.map((column) => (
            <TableCell key={column.label}>
              {column.sort ? (
                <TableSortLabel
                  active={sort.field === column.sort}
                  direction={sort.field === column.sort && sort.order === 'ASC' ? 'asc' : 'desc'}
                  onClick={() =>
                    setSort({ field: column.sort!, order: sort.field === column.sort && sort.order === 'DESC' ? 'ASC' : 'DESC' })
                  }
                >
                  {column.label}
                </TableSortLabel>
              ) : (
                column.label
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((record) => (
          <TableRow
            key={record.id}
            hover={props.show !== false}
            onClick={props.show === false ? undefined : () => open(record)}
            sx={props.show === false ? undefined : { cursor: 'pointer' }}
          >
            {props.columns.map((column, index) => (
              <TableCell key={column.label} sx={{ wordBreak: 'break-word' }}>
                {index === 0 && props.show !== false ? (
                  // The keyboard's way in: the row's click is for the mouse.
                  <Link to={createPath({ resource, id: record.id, type: 'show' })} onClick={(event) => event.stopPropagation()}>
                    {column.render(record)}
                  </Link>
                ) : (
                  column.render(record)
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export const when = (value: string | null | undefined) => dateTime(value);
export const day = (value: string | null | undefined) => (value ? new Date(value).toLocaleDateString() : '—');
