// Create QR Code: the site's generator card inside the dashboard (core spec section 2: '?create=true' or the Create
// button), with the type chosen by ?qr=, a template or the subdomain as on the landing page.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePreselection } from '../../ui/usePreselection';
import { ShortCodeField } from './ShortCodeField';

// The generator card itself (as generator/GeneratorSlot loads it): importing the slot would split it out of the landing's chunk.
const GeneratorCard = lazy(() => import('../../generator/GeneratorCard').then((module) => ({ default: module.GeneratorCard })));

export function CreateCode() {
  usePageTitle('Create QR Code - QR Code Sharks');
  const { type, prefill } = usePreselection();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Create QR Code" />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Create QR Code
        </Typography>
        <Button component={RouterLink} to="/dashboard/codes" startIcon={<ArrowBackIcon />}>
          My QR Codes
        </Button>
      </Stack>
      <Box id="generator">
        <Suspense fallback={<LoadingScreen minHeight={480} />}>
          <GeneratorCard key={type ?? 'default'} initialType={type} prefill={prefill} BackHalfField={ShortCodeField} />
        </Suspense>
      </Box>
    </Box>
  );
}
