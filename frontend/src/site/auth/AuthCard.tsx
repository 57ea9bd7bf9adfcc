import { Box, Container, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { Brand } from '../../ui/Brand';

/** The frame of every sign-in page: the brand above one narrow card, centred on the page's background. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 3, sm: 6 } }}>
      <Container maxWidth="xs">
        <Box sx={{ mb: 3, textAlign: 'center' }}>
          <Brand />
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
