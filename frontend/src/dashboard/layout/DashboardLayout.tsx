import { Box } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Sidebar, TitlePortal, type SidebarProps } from 'react-admin';
import { DashboardMenu } from './DashboardMenu';
import { VerifyEmailBanner } from '../../ui/VerifyEmailBanner';
import { TrialBanner } from './TrialBanner';

// The site's account menu, loaded as the site's header loads it (one shared chunk, nothing split off the landing).
const UserMenu = lazy(() => import('../../ui/UserMenu').then((module) => ({ default: module.UserMenu })));

function DashboardAppBar() {
  return (
    <AppBar
      userMenu={false}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <LoadingIndicator />
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        </Box>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

/** On phones the menu is a slide-out drawer (a dialog): it is named for screen readers. */
function DashboardSidebar(props: SidebarProps) {
  return <Sidebar {...props} slotProps={{ paper: { 'aria-label': 'Dashboard menu' } }} />;
}

/**
 * react-admin's layout with the dashboard's menu, the site's account menu, and above every screen the banner of an
 * unverified address (issue 27) and the trial banner.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={DashboardMenu} appBar={DashboardAppBar} sidebar={DashboardSidebar}>
      <VerifyEmailBanner />
      <TrialBanner />
      {children}
    </Layout>
  );
}
