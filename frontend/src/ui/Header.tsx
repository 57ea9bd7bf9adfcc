import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Drawer, IconButton, List, ListItemButton, ListItemText, Toolbar } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useUser } from '../api/http';
import { Brand } from './Brand';

// The avatar menu and its change-password dialog are for signed-in users only: anonymous visitors
// (most of the landing page's traffic) never download them.
// The header's trial button for signed-in users comes with it (one chunk, one import in the landing page's budget).
const signedIn = () => import('./UserMenu');
const UserMenu = lazy(() => signedIn().then((module) => ({ default: module.UserMenu })));
const HeaderTrialButton = lazy(() => signedIn().then((module) => ({ default: module.HeaderTrialButton })));

/** Signed out, 'Start Free Trial' signs up and then starts the trial (the auth page's ?trial=1), as the trial card does. */
const TRIAL_SIGN_UP = '/auth?mode=register&trial=1';

export const NAV_LINKS = [
  { label: 'Features', to: '/features' },
  { label: 'Use Cases', to: '/use-cases' },
  { label: 'Templates', to: '/templates' },
  { label: 'Blog', to: '/blog' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Pricing', to: '/subscribe' },
] as const;

export function Header() {
  const { user } = useUser();
  const [mobileOpen, setMobileOpen] = useState(false);
  const close = () => setMobileOpen(false);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 1, maxWidth: 1280, width: '100%', mx: 'auto' }}>
        <Brand />
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
          {NAV_LINKS.map((link) => (
            <Button key={link.to} component={RouterLink} to={link.to} color="inherit">
              {link.label}
            </Button>
          ))}
        </Box>
        {user ? (
          <>
            {user && (
              <Button component={RouterLink} to="/dashboard" variant="outlined" sx={{ display: { xs: 'none', md: 'inline-flex' }, ml: 1 }}>
                Dashboard
              </Button>
            )}
            <Suspense fallback={<Box sx={{ width: 52, height: 52 }} />}>
              <HeaderTrialButton sx={{ display: { xs: 'none', md: 'inline-flex' }, ml: 1, whiteSpace: 'nowrap' }} />
              <UserMenu />
            </Suspense>
          </>
        ) : (
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, ml: 1 }}>
            <Button component={RouterLink} to="/auth" color="inherit">
              Log in
            </Button>
            <Button component={RouterLink} to={TRIAL_SIGN_UP} variant="contained">
              Start Free Trial
            </Button>
          </Box>
        )}
        <IconButton
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          aria-controls="mobile-menu"
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen((open) => !open)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          data-testid="mobile-menu-button"
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer
        anchor="right"
        open={mobileOpen}
        onClose={close}
        slotProps={{ paper: { id: 'mobile-menu', 'aria-label': 'Menu', sx: { width: 280 } } }}
      >
        <Box component="nav" aria-label="Mobile" sx={{ p: 2 }} data-testid="mobile-menu">
          {/* Links, not list items: a <ul> of <a> elements is not a list to assistive technology (axe). */}
          <List component="div">
            {NAV_LINKS.map((link) => (
              <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={close}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            ))}
            {user && (
              <ListItemButton component={RouterLink} to="/dashboard" onClick={close}>
                <ListItemText primary="Dashboard" />
              </ListItemButton>
            )}
          </List>
          {user && (
            <Suspense fallback={null}>
              <HeaderTrialButton onDone={close} fullWidth />
            </Suspense>
          )}
          {!user && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}>
              <Button component={RouterLink} to="/auth" variant="outlined" onClick={close}>
                Sign In
              </Button>
              <Button component={RouterLink} to="/auth?mode=register" variant="contained" onClick={close}>
                Sign Up
              </Button>
              <Button component={RouterLink} to={TRIAL_SIGN_UP} variant="contained" onClick={close}>
                Start Free Trial
              </Button>
            </Box>
          )}
        </Box>
      </Drawer>
    </AppBar>
  );
}
