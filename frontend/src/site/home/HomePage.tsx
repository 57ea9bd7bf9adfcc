import { Navigate, useLocation } from 'react-router-dom';
import { useUser } from '../../api/http';
import { LandingPage } from '../landing/LandingPage';

/**
 * `/`: the landing page for visitors; for signed-in users the dashboard (core spec section 2), the same react-admin app
 * as /dashboard. The query (?create=true, ?qr=) and the auth page's state (a new account's welcome) go along.
 */
export function HomePage() {
  const { user } = useUser();
  const location = useLocation();
  return user ? <Navigate to={`/dashboard${location.search}`} replace state={location.state} /> : <LandingPage />;
}
