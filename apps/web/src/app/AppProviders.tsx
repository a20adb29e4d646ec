import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from '../lib/ToastHost';
import { cssVariablesResolver, theme } from './theme';

/** What every page is rendered inside: the theme, the query cache and the toasts. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={client}>
        <ToastHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
