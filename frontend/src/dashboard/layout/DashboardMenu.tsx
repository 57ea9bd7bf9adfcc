// Core spec section 2: My QR Codes (Create QR Code, Active Codes, Paused Codes with a count badge; issue 35: Batches and
// Tags) and Analytics; Developers (issue 34: API keys).
// On phones react-admin's sidebar is a slide-out drawer opened from the app bar.
import AddBoxIcon from '@mui/icons-material/AddBox';
import BarChartIcon from '@mui/icons-material/BarChart';
import CodeIcon from '@mui/icons-material/Code';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PaymentsIcon from '@mui/icons-material/Payments';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { Box, ListSubheader } from '@mui/material';
import { Menu, useSidebarState } from 'react-admin';
import { usePausedCount } from '../codes/usePausedCount';

function Section({ label }: { label: string }) {
  const [open] = useSidebarState();
  if (!open) return null;
  return (
    <ListSubheader component="div" disableSticky sx={{ bgcolor: 'transparent', fontWeight: 700, lineHeight: 2.5, mt: 1 }}>
      {label}
    </ListSubheader>
  );
}

export function DashboardMenu() {
  const paused = usePausedCount();
  return (
    <Menu>
      <Section label="My QR Codes" />
      <Menu.Item to="/dashboard/create" primaryText="Create QR Code" leftIcon={<AddBoxIcon />} />
      <Menu.Item to="/dashboard/codes" primaryText="Active Codes" leftIcon={<QrCode2Icon />} />
      <Menu.Item
        to="/dashboard/paused"
        primaryText={
          // The count is part of the item's text (a pill beside it), so its accessible name is what it shows.
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            Paused Codes
            <Box
              component="span"
              data-testid="paused-count"
              data-count={paused}
              sx={{
                display: paused ? 'inline-block' : 'none',
                px: 1,
                borderRadius: 8,
                bgcolor: 'warning.main',
                color: 'warning.contrastText',
                fontSize: 12,
                fontWeight: 700,
                lineHeight: '20px',
              }}
            >
              {paused}
            </Box>
          </Box>
        }
        leftIcon={<PauseCircleIcon />}
      />
      <Menu.Item to="/dashboard/batches" primaryText="Batches" leftIcon={<ViewModuleIcon />} />
      <Menu.Item to="/dashboard/tags" primaryText="Tags" leftIcon={<LocalOfferIcon />} />
      <Section label="Analytics" />
      <Menu.Item to="/dashboard/analytics" primaryText="Analytics" leftIcon={<BarChartIcon />} />
      <Menu.Item to="/dashboard/payments" primaryText="Payments" leftIcon={<PaymentsIcon />} />
      <Section label="Account" />
      <Menu.Item to="/dashboard/developers" primaryText="Developers" leftIcon={<CodeIcon />} />
    </Menu>
  );
}
