import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from './api/http';
import { AppRoutes, preloadPage } from './router';
import { buildTheme } from './ui/theme';
import { Toaster } from './ui/toast';
import { useApplyWhiteLabel, useWhiteLabelConfig } from './ui/white-label';

function ThemedApp() {
  const { config } = useWhiteLabelConfig();
  useApplyWhiteLabel(config);
  const theme = useMemo(() => buildTheme(config), [config]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </ThemeProvider>
  );
}

preloadPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  </StrictMode>,
);
