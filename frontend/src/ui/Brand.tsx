import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useWhiteLabelConfig, DEFAULT_BRAND } from './white-label';

export function Brand({ color = 'inherit' }: { color?: string }) {
  const { config } = useWhiteLabelConfig();
  const name = config?.name || DEFAULT_BRAND;
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${name} home`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color, textDecoration: 'none' }}
    >
      {config?.logoUrl ? (
        <Box component="img" src={config.logoUrl} alt="" sx={{ height: 32, width: 'auto' }} />
      ) : (
        <Box component="img" src="/favicon.svg" alt="" sx={{ height: 32, width: 32 }} />
      )}
      <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 800 }}>
        {name}
      </Typography>
    </Box>
  );
}
