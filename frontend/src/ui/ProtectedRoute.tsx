import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useUser } from '../api/http';
import { signedOutInThisTab } from './session-mutations';
import { LoadingScreen } from './LoadingScreen';

/** Spinner while the session loads, /auth when signed out (home right after signing out here), else the page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <LoadingScreen />;
  if (!user && signedOutInThisTab()) return <Navigate to="/" replace />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
