import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { configureAnalytics, setAnalyticsAllowed, trackLeave } from './lib/analytics';
import { appConfigQuery } from './lib/app-config';
import { startCookieConsent } from './lib/cookie-consent';
import { configureErrorReporting, reportError, startErrorReporting } from './lib/error-reporting';
import { loadFontsWhenIdle } from './lib/load-fonts';

startErrorReporting();
loadFontsWhenIdle();
void startCookieConsent(setAnalyticsAllowed);
window.addEventListener('pagehide', trackLeave);
queryClient.fetchQuery(appConfigQuery).then((config) => {
  configureAnalytics(config.posthog);
  configureErrorReporting(config);
}, reportError);

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: {
    fontFamily: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" transitionDuration={300} containerWidth={380} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
