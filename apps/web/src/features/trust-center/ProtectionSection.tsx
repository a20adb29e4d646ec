import type { TrustCenterResponse } from '@castellan/contract';
import { Card, Code, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { describeDuration } from './describe-duration';

function IntegrationCard({ integration }: { integration: TrustCenterResponse['integrations'][0] }) {
  const headingId = `integration-${integration.id}`;
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Title order={4} id={headingId} mb="xs">
        {integration.name}
      </Title>
      <Text size="sm" fw={600}>
        Reads
      </Text>
      <List size="sm" spacing={2} mb="xs">
        {integration.reads.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Text size="sm" fw={600}>
        Cannot read
      </Text>
      <List size="sm" spacing={2} mb="xs">
        {integration.cannotRead.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Text size="sm" fw={600}>
        Changes
      </Text>
      {integration.changes.length === 0 ? (
        <Text size="sm" mb="xs">
          Nothing: it only reads.
        </Text>
      ) : (
        <List size="sm" spacing={2} mb="xs">
          {integration.changes.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed">
        Permissions asked for:{' '}
        {integration.scopes.map((scope, index) => (
          <span key={scope}>
            {index > 0 && ', '}
            <Code style={{ overflowWrap: 'anywhere' }}>{scope}</Code>
          </span>
        ))}
      </Text>
    </Card>
  );
}

/** How Castellan keeps customer data safe: sessions, tokens at rest, tenants, integrations. */
export function ProtectionSection({ data }: { data: TrustCenterResponse }) {
  return (
    <Stack component="section" aria-labelledby="protectionTitle" gap="md">
      <Title order={2} id="protectionTitle">
        How we protect your data
      </Title>

      <section aria-labelledby="sessionsTitle">
        <Title order={3} size="h4" id="sessionsTitle" mb={4}>
          Sessions
        </Title>
        <Text>
          Signing in happens with your Google or Microsoft work account; Castellan never sees or
          stores a password. Your browser then holds a session cookie with 256 random bits that
          scripts cannot read (HttpOnly, SameSite=Lax, Secure over HTTPS). Our database keeps only a
          SHA-256 hash of it, so even a copy of the sessions table cannot be used to sign in. Every
          sign-in starts a new session. A session ends after{' '}
          {describeDuration(data.sessions.idleMinutes)} without use, and{' '}
          {describeDuration(data.sessions.maxHours * 60)} after signing in however active it is; in
          Settings you can see the browsers you are signed in with and sign any of them out.
        </Text>
      </section>

      <section aria-labelledby="tokensTitle">
        <Title order={3} size="h4" id="tokensTitle" mb={4}>
          Provider tokens, encrypted at rest
        </Title>
        <Text>
          When an administrator connects an integration, the access and refresh tokens the provider
          gives us are encrypted with AES-256-GCM before they are stored, each with its own random
          nonce and tied to its organisation and integration: a token copied elsewhere in the
          database does not decrypt. The key is not kept in the database. Disconnecting an
          integration revokes the grant at the provider where it allows it, and deletes the tokens
          and everything the integration found.
        </Text>
      </section>

      <section aria-labelledby="isolationTitle">
        <Title order={3} size="h4" id="isolationTitle" mb={4}>
          Tenant isolation
        </Title>
        <Text>
          Every organisation’s data is read and written with the organisation of the signed-in
          session, which the server takes from its own session record, never from what the browser
          sends. Automated tests call every endpoint without a session and as a member, expecting a
          refusal where one is due, and check that one organisation never sees another’s people or
          data. When our staff act as a user to help them, it is recorded in an audit log, as are
          other sensitive changes such as role changes and removals.
        </Text>
      </section>

      <section aria-labelledby="integrationsTitle">
        <Title order={3} size="h4" id="integrationsTitle" mb={4}>
          What each integration can and cannot read
        </Title>
        <Text mb="sm">
          Integrations are off until an administrator connects them, and each asks the provider only
          for the permissions listed here.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {data.integrations.map((integration) => (
            <IntegrationCard key={integration.id} integration={integration} />
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
