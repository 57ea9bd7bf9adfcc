// The staff console (issue 18): react-admin on ra-data-simple-rest at /api/admin, loaded only when /admin opens. One
// folder per resource: the audit log (events), users, codes and the destination blocklist. Issue 19 adds tenants and
// operations, the mail issue the newsletter tools: each is one more <Resource> (or custom route) below and a menu entry.
import MailIcon from '@mui/icons-material/Mail';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { Admin, CustomRoutes, Layout, memoryStore, Menu, Resource } from 'react-admin';
import type { ReactNode } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { useUser } from '../api/http';
import { LoadingScreen } from '../ui/LoadingScreen';
import { ReactAdminToasts } from '../ui/react-admin-toasts';
import { useDashboardTheme } from '../dashboard/layout/theme';
import { StaffHome } from './StaffHome';
import { blockedDomains } from './blocked-domains';
import { clients } from './clients';
import { codes } from './codes';
import { dataProvider } from './data-provider';
import { events } from './events';
import { campaigns, NewsletterManager } from './newsletter';
import { deadLetters, projections } from './ops';
import { PrivacyRequests } from './privacy';
import { useCan, useStaff } from './staff';
import { subscribers } from './subscribers';
import { users } from './users';

const store = memoryStore();

/** The menu: the staff console's home under its own name, then one entry per resource (issues 19 and 22 add theirs). */
function StaffMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Admin Panel" />
      <Menu.ResourceItems />
      <NewsletterMenuItem />
      <PrivacyMenuItem />
    </Menu>
  );
}

/** The newsletter manager (issue 22): admins only, as the server's send calls are. */
function NewsletterMenuItem() {
  if (!useCan('sendCampaigns')) return null;
  return <Menu.Item to="/admin/newsletter" primaryText="Newsletter" leftIcon={<MailIcon />} />;
}

/** Erasure on request (issue 32): admins of the default brand, as the server's erasure routes are. */
function PrivacyMenuItem() {
  const { staff } = useStaff();
  if (!staff?.permissions.includes('erasePersonalData') || !staff.allTenants) return null;
  return <Menu.Item to="/admin/privacy" primaryText="Privacy requests" leftIcon={<PrivacyTipIcon />} />;
}

function StaffLayout({ children }: { children: ReactNode }) {
  return <Layout menu={StaffMenu}>{children}</Layout>;
}
/**
 * Its own query cache: the site's keeps answers forever (staleTime Infinity), and the staff console must show what changed
 * since (a list's rows also stand in for the full records, an event's diff among them, until they are fetched).
 */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** `/admin`: support and admins only; anyone else (signed out included) is sent to `/` (core spec: admin panel). */
export function StaffApp() {
  const { user, isLoading: userLoading } = useUser();
  const { staff, isLoading } = useStaff();
  const theme = useDashboardTheme();
  if (userLoading || (user && isLoading)) return <LoadingScreen minHeight="100vh" />;
  if (!user || !staff) return <Navigate to="/" replace />;
  const manageBlocklist = staff.permissions.includes('manageBlocklist');
  const sendCampaigns = staff.permissions.includes('sendCampaigns');
  const manageTenants = staff.permissions.includes('manageTenants');
  // Operations are deployment-wide: admins of the default brand only (the server answers 403 to anyone else).
  const operate = staff.permissions.includes('operate') && staff.allTenants;
  const erasePersonalData = staff.permissions.includes('erasePersonalData') && staff.allTenants;
  return (
    <Admin
      basename="/admin"
      dataProvider={dataProvider}
      queryClient={queryClient}
      store={store}
      dashboard={StaffHome}
      layout={StaffLayout}
      notification={ReactAdminToasts}
      theme={theme}
      title="Admin Panel"
      disableTelemetry
      requireAuth={false}
    >
      <Resource name="events" {...events} />
      <Resource name="users" {...users} />
      <Resource name="codes" {...codes} />
      <Resource name="blocked-domains" {...blockedDomains} create={manageBlocklist ? blockedDomains.create : undefined} />
      <Resource
        name="clients"
        {...clients}
        create={manageTenants ? clients.create : undefined}
        edit={manageTenants ? clients.edit : undefined}
      />
      {operate && <Resource name="projections" {...projections} />}
      {operate && <Resource name="dead-letters" {...deadLetters} />}
      {sendCampaigns && <Resource name="campaigns" {...campaigns} />}
      {sendCampaigns && <Resource name="newsletter-subscribers" {...subscribers} />}
      <CustomRoutes>
        <Route path="/home" element={<Navigate to="/admin" replace />} />
        {sendCampaigns && <Route path="/newsletter" element={<NewsletterManager />} />}
        {erasePersonalData && <Route path="/privacy" element={<PrivacyRequests />} />}
      </CustomRoutes>
    </Admin>
  );
}
