import { Box, CircularProgress, Typography } from '@mui/material';

export function LoadingScreen({ minHeight = '50vh' }: { minHeight?: string | number }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography>Loading...</Typography>
    </Box>
  );
}
