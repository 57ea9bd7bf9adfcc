// /share/{token}: one code's analytics for whoever holds a share link, signed out, and nothing else (no site menu,
// no other codes). A revoked, expired or forged link answers a page that says which.
import { Alert, Box, Container, Typography } from '@mui/material';
import { darken, getContrastRatio, ThemeProvider, type Theme } from '@mui/material/styles';
import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../../api/http';
import { usePageTitle } from '../../ui/usePageTitle';
import { latestView, searchFromView, viewFromSearch, type ViewChange } from './analytics-api';
import { CodeAnalyticsView } from './CodeAnalyticsView';

/** The site's brand colour, darkened until text in it reads on white (WCAG AA 4.5:1), as the dashboard does. */
function readable(outer: Theme): Theme {
  let main = outer.palette.primary.main;
  for (let step = 0; step < 10 && getContrastRatio(main, '#ffffff') < 4.5; step += 1) main = darken(main, 0.1);
  return { ...outer, palette: { ...outer.palette, primary: outer.palette.augmentColor({ color: { main, contrastText: '#ffffff' } }) } };
}

export function SharedAnalyticsPage() {
  return (
    <ThemeProvider theme={readable}>
      <SharedAnalytics />
    </ThemeProvider>
  );
}

function SharedAnalytics() {
  usePageTitle('Shared QR code analytics - QR Code Sharks');
  const { token = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const view = viewFromSearch(search);
  const onView = useCallback((change: ViewChange) => setSearch(searchFromView(change(latestView()))), [setSearch]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 3 }}>
      <Container maxWidth="xl">
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 0.5 }}>
          QR code analytics
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A read-only view shared by the code's owner.
        </Typography>
        <CodeAnalyticsView
          source={`/api/shared-analytics/${encodeURIComponent(token)}`}
          view={view}
          onView={onView}
          onError={(error) => (
            <Alert severity="warning" data-testid="share-unavailable" sx={{ fontSize: '1.1rem' }}>
              {serverMessage(error, 'This share link cannot be opened.')}
            </Alert>
          )}
        />
      </Container>
    </Box>
  );
}
