import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useUser } from '../api/http';
import { Footer } from './Footer';
import { Header } from './Header';
import { VerifyEmailBanner } from './VerifyEmailBanner';
import { LoadingScreen } from './LoadingScreen';

/** Header and footer around the page, the banner of an unverified address (issue 27); 'Loading...' while the session loads. */
export function Layout() {
  const { isLoading } = useUser();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 3000, p: 1, bgcolor: 'background.paper' } }}
      >
        Skip to content
      </Box>
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <VerifyEmailBanner contained />
        {isLoading ? (
          <LoadingScreen />
        ) : (
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        )}
      </Box>
      <Footer />
    </Box>
  );
}
