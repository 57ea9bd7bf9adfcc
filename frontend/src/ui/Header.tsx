import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
} from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useLogoutMutation, useUser } from '../api/http';
import { Brand } from './Brand';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export const NAV_LINKS = [
  { label: 'Features', to: '/features' },
  { label: 'Use Cases', to: '/use-cases' },
  { label: 'Templates', to: '/templates' },
  { label: 'Blog', to: '/blog' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Pricing', to: '/subscribe' },
] as const;

function initials(name: string) {
  return name.slice(0, 1).toUpperCase() || '?';
}

function UserMenu() {
  const { user } = useUser();
  const logout = useLogoutMutation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  if (!user) return null;
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const email = user.email || user.username;

  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };

  return (
    <>
      <IconButton
        aria-label="Open account menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        data-testid="avatar-button"
      >
        <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36 }}>{initials(displayName)}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography noWrap data-testid="menu-username" sx={{ fontWeight: 600 }}>
            {user.username}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/account-settings')}>Account Settings</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setChangePasswordOpen(true);
          }}
        >
          Change Password
        </MenuItem>
        <MenuItem onClick={() => go('/bulk-generation')}>Bulk Generation</MenuItem>
        <MenuItem onClick={() => go('/subscribe')}>Subscription</MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            logout.mutate(undefined, { onSuccess: () => navigate('/') });
          }}
        >
          Log out
        </MenuItem>
      </Menu>
      <ChangePasswordDialog open={changePasswordOpen} onClose={() => setChangePasswordOpen(false)} />
    </>
  );
}

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
            <UserMenu />
          </>
        ) : (
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, ml: 1 }}>
            <Button component={RouterLink} to="/auth" color="inherit">
              Log in
            </Button>
            <Button component={RouterLink} to="/auth?mode=register" variant="contained">
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
      <Drawer anchor="right" open={mobileOpen} onClose={close} slotProps={{ paper: { id: 'mobile-menu', sx: { width: 280 } } }}>
        <Box component="nav" aria-label="Mobile" sx={{ p: 2 }} data-testid="mobile-menu">
          <List>
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
          {!user && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}>
              <Button component={RouterLink} to="/auth" variant="outlined" onClick={close}>
                Sign In
              </Button>
              <Button component={RouterLink} to="/auth?mode=register" variant="contained" onClick={close}>
                Sign Up
              </Button>
            </Box>
          )}
        </Box>
      </Drawer>
    </AppBar>
  );
}
