// The signed-in home (core spec section 2): one react-admin <Admin> for `/` (signed in) and `/dashboard`, loaded on
// demand so the landing page stays light. One data provider (data-provider.ts), a resource per folder (codes/), a
// custom layout and menu (layout/), custom pages for Create QR Code, Paused Codes, Batches, Tags, Analytics, Payments and Developers.
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { queryClient } from '../api/http';
import { ReactAdminToasts } from '../ui/react-admin-toasts';
import { AnalyticsPage, CodeAnalyticsRoute } from './analytics/AnalyticsPage';
import { BatchesPage, BatchPage } from './batches/BatchesPage';
import { CodeDuplicate, codes, CreateCode, PausedCodeList } from './codes';
import { CODES, dataProvider } from './data-provider';
import { DevelopersPage } from './developers/DevelopersPage';
import { DashboardLayout } from './layout/DashboardLayout';
import { PaymentsPage } from './payments/PaymentsPage';
import { TagsPage } from './tags/TagsPage';
import { useDashboardTheme } from './layout/theme';

/**
 * `/dashboard`: '?create=true' opens the generator, and so does a type to start with (`?qr=`, the templates' and the
 * landing's links for signed-in users), other parameters going along; else the code list.
 */
function DashboardHome() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (params.get('create') === 'true' || params.has('qr')) {
    params.delete('create');
    const rest = params.toString();
    return <Navigate to={`/dashboard/create${rest ? `?${rest}` : ''}`} replace state={location.state} />;
  }
  return <Navigate to="/dashboard/codes" replace state={location.state} />;
}

const store = memoryStore();

export function DashboardApp() {
  const theme = useDashboardTheme();
  return (
    <Admin
      basename="/dashboard"
      dataProvider={dataProvider}
      queryClient={queryClient}
      store={store}
      layout={DashboardLayout}
      notification={ReactAdminToasts}
      dashboard={DashboardHome}
      theme={theme}
      title="QR Code Sharks"
      disableTelemetry
      requireAuth={false}
    >
      <Resource name={CODES} {...codes} options={{ label: 'Active Codes' }} />
      <CustomRoutes>
        <Route path="/create" element={<CreateCode />} />
        <Route path="/duplicate/:id" element={<CodeDuplicate />} />
        <Route path="/paused" element={<PausedCodeList />} />
        <Route path="/batches" element={<BatchesPage />} />
        <Route path="/batches/:id" element={<BatchPage />} />
        <Route path="/tags" element={<TagsPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/analytics/:id" element={<CodeAnalyticsRoute />} />
        <Route path="/payments" element={<PaymentsPage />} />
        <Route path="/developers" element={<DevelopersPage />} />
      </CustomRoutes>
    </Admin>
  );
}
