import { useUser } from '../../api/http';
import { LandingPage } from '../landing/LandingPage';
import { DashboardEntry } from './DashboardEntry';

/** `/`: the landing page for visitors, the dashboard entry for signed-in users. */
export function HomePage() {
  const { user } = useUser();
  return user ? <DashboardEntry /> : <LandingPage />;
}
