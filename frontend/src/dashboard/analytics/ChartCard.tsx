import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card around a chart; an empty chart says so in words instead. */
export function ChartCard({
  title,
  children,
  empty = false,
  emptyText = 'Nothing in this period.',
}: {
  title: string;
  children: ReactNode;
  empty?: boolean;
  emptyText?: string;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        {empty ? <Typography color="text.secondary">{emptyText}</Typography> : children}
      </CardContent>
    </Card>
  );
}
