// The analytics screens (issue 17), each its own chunk with the chart library: the dashboard's Analytics entry, a page
// per code, and the public page of a share link (outside the dashboard).
import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';

const Dashboard = lazy(() => import('./AnalyticsDashboard').then((module) => ({ default: module.AnalyticsDashboard })));
const CodePage = lazy(() => import('./CodeAnalyticsPage').then((module) => ({ default: module.CodeAnalyticsPage })));

const spinner = <CircularProgress aria-label="Loading analytics" sx={{ m: 3 }} />;

/** /dashboard/analytics */
export function AnalyticsPage() {
  return (
    <Suspense fallback={spinner}>
      <Dashboard />
    </Suspense>
  );
}

/** /dashboard/analytics/{id} */
export function CodeAnalyticsRoute() {
  return (
    <Suspense fallback={spinner}>
      <CodePage />
    </Suspense>
  );
}
