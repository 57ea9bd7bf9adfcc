import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

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

/** The closing section of a legal page: where to ask, and the contact form's button. */
export function LegalQuestions({ prompt }: { prompt: string }) {
  return (
    <LegalSection title="Questions">
      <Typography component="p">{prompt}</Typography>
      <Button component={RouterLink} to="/contact" variant="contained">
        Contact us
      </Button>
    </LegalSection>
  );
}
