import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireSession } from './shell/RequireSession.js';
import { ShellLayout } from './shell/ShellLayout.js';

// One chunk per screen: the first load only fetches the shell and the page it shows.
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage.js'));
const EndpointsPage = lazy(() => import('./pages/endpoints/EndpointsPage.js'));
const EndpointDetailPage = lazy(() => import('./pages/endpoints/EndpointDetailPage.js'));
const DomainsPage = lazy(() => import('./pages/domains/DomainsPage.js'));
const SecurityTestsPage = lazy(() => import('./pages/security-tests/SecurityTestsPage.js'));
const VulnerabilitiesPage = lazy(() => import('./pages/vulnerabilities/VulnerabilitiesPage.js'));
const PiiPage = lazy(() => import('./pages/pii/PiiPage.js'));
const AlertsPage = lazy(() => import('./pages/alerts/AlertsPage.js'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage.js'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.js'));
const SignInPage = lazy(() => import('./pages/auth/SignInPage.js'));

/** The route table of spec section 2, behind a session, plus the sign-in page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route element={<RequireSession />}>
        <Route element={<ShellLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="endpoints" element={<EndpointsPage />} />
          <Route path="endpoints/:id" element={<EndpointDetailPage />} />
          <Route path="domains" element={<DomainsPage />} />
          <Route path="domains/:id/security-tests" element={<SecurityTestsPage />} />
          <Route path="vulnerabilities" element={<VulnerabilitiesPage />} />
          <Route path="pii" element={<PiiPage />} />
          <Route path="alerts" element={<AlertsPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
