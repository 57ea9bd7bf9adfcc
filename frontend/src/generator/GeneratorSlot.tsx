import { Box } from '@mui/material';
import type { QrType } from '@qrsharks/qr-core/browser';
import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../ui/LoadingScreen';

export interface GeneratorSlotProps {
  initialType?: QrType;
  prefill?: Record<string, unknown>;
}

const LazyGeneratorCard = lazy(() => import('./GeneratorCard').then((module) => ({ default: module.GeneratorCard })));

/** The generator card, loaded on demand so it stays out of the entry bundle. */
export function GeneratorSlot(props: GeneratorSlotProps) {
  return (
    <Box id="generator">
      <Suspense fallback={<LoadingScreen minHeight={480} />}>
        <LazyGeneratorCard {...props} />
      </Suspense>
    </Box>
  );
}
