import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One titled section of the Privacy or Terms page. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 5 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ '& p': { mb: 1.5 }, '& li': { mb: 1 } }}>{children}</Box>
    </Box>
  );
}
