import type { OrganizationTrustPage as TrustPage } from '@castellan/contract';
import type { Grade } from '@castellan/contract/vocabulary';
import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format-date';
import { usePageTitle } from '../../lib/use-page-title';
import { GradeBadge } from '../risk-analysis';
import { useOrganizationTrustPage } from './api';

function Fact({ title, grade, children }: { title: string; grade: Grade; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group gap="md" wrap="nowrap">
        <GradeBadge grade={grade} size={56} what={title} />
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

function PublishedPage({ page }: { page: TrustPage }) {
  return (
    <Stack gap="lg">
      {(page.domainReport || page.cyberScore) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {page.domainReport && (
            <Fact title="Domain grade" grade={page.domainReport.grade}>
              How {page.domain}’s e-mail and web settings looked from outside in Castellan’s scan on{' '}
              {formatDate(page.domainReport.scannedAt)}
            </Fact>
          )}
          {page.cyberScore && (
            <Fact title="Cyber score" grade={page.cyberScore.grade}>
              How far the team has come with its security tasks, as of today
            </Fact>
          )}
        </SimpleGrid>
      )}
      <section aria-labelledby="practicesTitle">
        <Title order={2} size="h3" id="practicesTitle" mb="xs">
          Our security practices
        </Title>
        <List spacing="xs" aria-labelledby="practicesTitle">
          {page.practices.map((practice) => (
            <List.Item key={practice} style={{ overflowWrap: 'anywhere' }}>
              {practice}
            </List.Item>
          ))}
        </List>
      </section>
      <Text size="sm" c="dimmed">
        Last updated {formatDate(page.updatedAt)}. {page.domain} chose what this page shows.
      </Text>
    </Stack>
  );
}

/** The neutral answer for any domain without a published page, whether or not it uses Castellan. */
function NoTrustPage() {
  return (
    <Stack gap="sm">
      <Text>There is no trust page published at this address.</Text>
      <Anchor component={Link} to="/trust-center">
        Read Castellan’s own trust center
      </Anchor>
    </Stack>
  );
}

/** `/trust-center/:domain`: the trust page an organisation chose to publish. */
export default function OrganizationTrustPage() {
  const { domain = '' } = useParams();
  const query = useOrganizationTrustPage(domain);
  const page = query.data && query.data !== 'none' ? query.data : null;
  usePageTitle(page ? `Trust page of ${page.domain}` : 'Trust page');
  return (
    <PublicPageFrame signIn>
      <Stack gap="xl">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {page
            ? `Security at ${page.domain}`
            : query.data === 'none'
              ? 'No trust page here'
              : 'Trust page'}
        </Title>
        <QueryStatus query={query} what="the trust page" />
        {query.data === 'none' && <NoTrustPage />}
        {page && <PublishedPage page={page} />}
      </Stack>
    </PublicPageFrame>
  );
}
