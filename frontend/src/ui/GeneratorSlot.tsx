import { Box, Paper, Typography } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingScreen } from './LoadingScreen';

export interface GeneratorSlotProps {
  initialType?: string;
  prefill?: Record<string, unknown>;
}

// TEMPORARY: the generator card is being written in src/generator/ right now. import.meta.glob
// resolves to nothing while the file is missing, so the build passes; replace with a plain
// lazy(() => import('../generator/GeneratorCard')) once it has landed.
const modules = import.meta.glob<{ GeneratorCard: ComponentType<GeneratorSlotProps> }>('../generator/GeneratorCard.tsx');
const loader = Object.values(modules)[0];
const LazyGeneratorCard = loader ? lazy(() => loader().then((module) => ({ default: module.GeneratorCard }))) : null;

/** The generator card, loaded on demand so it stays out of the entry bundle. */
export function GeneratorSlot(props: GeneratorSlotProps) {
  if (!LazyGeneratorCard) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="generator-placeholder">
        <Typography variant="h5" component="h2" gutterBottom>
          Generate Your QR Code
        </Typography>
        <Typography color="text.secondary">The generator is on its way.</Typography>
      </Paper>
    );
  }
  return (
    <Box id="generator">
      <Suspense fallback={<LoadingScreen minHeight={480} />}>
        <LazyGeneratorCard {...props} />
      </Suspense>
    </Box>
  );
}
