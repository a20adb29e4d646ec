import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from '../lib/ToastHost';
import { cssVariablesResolver, theme } from './theme';

type Props = {
  client: QueryClient;
  /** Mantine's 'test' environment renders without transitions and portals, for the component tests. */
  env?: 'default' | 'test';
  children: ReactNode;
};

/** What every page is rendered inside: the theme, the query cache and the toasts. */
export function AppProviders({ client, env, children }: Props) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <QueryClientProvider client={client}>
        <ToastHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
