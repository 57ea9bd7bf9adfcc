// The signed-in user's avatar menu in the header (loaded with the header only for signed-in users), and the header's
// trial button that comes with it.
import { Avatar, Box, Divider, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiJson, serverMessage, useUser } from '../api/http';
import type { ApiAnswer } from '../api/types';
import { useLogoutMutation } from './session-mutations';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { toast } from './toast';

export { HeaderTrialButton } from './HeaderTrialButton';

/** POST /api/billing/portal, then on to Stripe's billing portal (plan, card, invoices, cancellation). */
async function openBillingPortal() {
  try {
    const { url } = await apiJson<ApiAnswer<'/api/billing/portal', 'post'>>('POST', '/api/billing/portal');
    window.location.assign(url);
  } catch (error) {
    toast({ title: 'Error', description: serverMessage(error, 'Could not open the billing portal'), variant: 'destructive' });
  }
}

function initials(name: string) {
  return name.slice(0, 1).toUpperCase() || '?';
}

export function UserMenu() {
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
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
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
        {user.subscriptionStatus && user.subscriptionStatus !== 'free' && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void openBillingPortal();
            }}
          >
            Manage subscription
          </MenuItem>
        )}
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
