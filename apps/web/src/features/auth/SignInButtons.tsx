import type { SignInProvider } from '@castellan/contract';
import { Button, Group, Loader, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiQuery } from '../../lib/api';
import { useAppConfig } from '../../lib/app-config';
import { oauthFlow } from '../../lib/oauth-flow';
import googleMark from './google-mark.svg';
import microsoftMark from './microsoft-mark.svg';

/** Each provider's mark, drawn after its published style; the button's text names it. */
const MARKS: Record<SignInProvider, string> = { google: googleMark, microsoft: microsoftMark };

const providersQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: apiQuery('/auth/providers'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** One button per configured identity provider (a full-page redirect to the provider). */
export function SignInButtons() {
  const providers = useQuery(providersQuery);
  const { data: config } = useAppConfig();
  if (providers.isPending)
    return <Loader size="sm" role="status" aria-label="Loading sign-in options" />;
  const list = providers.data?.providers ?? [];
  return (
    <Group gap="sm" wrap="wrap">
      {list.map((p) => (
        <Button
          key={p.id}
          component="a"
          href={`/api/auth/${p.id}/login`}
          variant="default"
          size="md"
          leftSection={<img src={MARKS[p.id]} alt="" width={20} height={20} data-mark={p.id} />}
          // The provider sends the user back to the start page (with ?signInError= on refusal).
          onClick={() => oauthFlow.start(p.id, '/')}
        >
          Sign in with {p.name}
        </Button>
      ))}
      {config?.testLogin && (
        <Button component={Link} to="/test-login" variant="subtle" size="md">
          Demo accounts
        </Button>
      )}
      {list.length === 0 && !config?.testLogin && (
        <Text size="sm" c="dimmed">
          Sign-in is not set up on this installation yet.
        </Text>
      )}
    </Group>
  );
}
