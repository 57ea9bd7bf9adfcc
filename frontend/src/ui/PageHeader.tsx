import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The coloured band at the top of content pages. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Box
      sx={{
        background: 'linear-gradient(135deg, var(--secondary-color, #1E40AF), var(--primary-color, #3B82F6))',
        color: '#fff',
        py: { xs: 6, md: 8 },
      }}
    >
      <Container maxWidth="lg">
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="h6" component="p" sx={{ mt: 2, maxWidth: 760, fontWeight: 400, opacity: 0.95 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
