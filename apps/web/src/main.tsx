import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { isProtectedPath } from './app/route-rules';
import { router } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { configureAnalytics, setAnalyticsAllowed, trackLeave } from './lib/analytics';
import { appConfigQuery } from './lib/app-config';
import { startCookieConsent } from './lib/cookie-consent';
import { configureErrorReporting, reportError, startErrorReporting } from './lib/error-reporting';
import { configureHttp } from './lib/http';
import { loadFontsWhenIdle } from './lib/load-fonts';
import { logout } from './lib/logout';
import { queryClient } from './lib/query-client';
import { ToastHost } from './lib/ToastHost';
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

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
