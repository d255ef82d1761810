import { useMe } from '@argus/api/hooks';
import { ErrorState } from '@argus/ui';
import { errorMessage } from '@argus/api';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from './ShellLayout.js';

/** Every screen needs a session: without one (GET /auth/me answers 401) go to sign-in, and come back after. */
export function RequireSession() {
  const { data: me, error, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (error) return <ErrorState title={`Error loading session: ${errorMessage(error)}`} />;
  if (!me) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}
