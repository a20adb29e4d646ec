import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { isProtectedPath } from './app/route-rules';
import { appRoutes } from './app/router';
import { configureAnalytics, setAnalyticsAllowed, trackLeave } from './lib/analytics';
import { appConfigQuery } from './lib/app-config';
import { startCookieConsent } from './lib/cookie-consent';
import { configureErrorReporting, reportError, startErrorReporting } from './lib/error-reporting';
import { configureHttp } from './lib/http';
import { loadFontsWhenIdle } from './lib/load-fonts';
import { logout } from './lib/logout';
import { queryClient } from './lib/query-client';
import { showToast } from './lib/toast';

startErrorReporting();
// The HTTP client sits below the app: it learns the route table's protected pages and what an
// expired session does here, before the first request.
configureHttp({
  isProtectedPath,
  onSessionExpired: (message) => {
    showToast({ severity: 'warn', summary: message });
    void logout();
  },
});
loadFontsWhenIdle();
void startCookieConsent(setAnalyticsAllowed);
window.addEventListener('pagehide', trackLeave);
queryClient.fetchQuery(appConfigQuery).then((config) => {
  configureAnalytics(config.posthog);
  configureErrorReporting(config);
}, reportError);

const router = createBrowserRouter(appRoutes);
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
