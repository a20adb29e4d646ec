import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { useUserData } from '../../lib/user-data';
import { usePartnerLinks } from './api';
import { useBaselineApplications } from './baselines-api';
import { InvitePartnerForm } from './InvitePartnerForm';
import { PartnerLinkItem } from './PartnerLinkItem';
import { currentFirst } from './partner-words';

// Most organisations have no baseline applied: the list's code loads only when there is one.
const BaselineApplications = lazy(() => import('./BaselineApplications'));

/** What partners' baselines set here; nothing at all until one was applied. */
function SetByBaselines() {
  const query = useBaselineApplications();
  if (query.isError) return <QueryStatus query={query} what="what your partners’ baselines set" />;
  const applications = query.data?.applications ?? [];
  if (applications.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <BaselineApplications applications={applications} />
    </Suspense>
  );
}

/**
 * Settings → IT partners (administrators): the IT providers invited to look after the
 * organisation, what each may do, and the invitation of another. The way to the Partner console
 * is here too, for providers themselves: the spec fixes both menus.
 */
export function PartnersSection() {
  const links = usePartnerLinks();
  const { data: user } = useUserData();
  return (
    <Card withBorder component="section" aria-labelledby="partnersTitle" mb="lg">
      <Title order={2} size="h4" id="partnersTitle">
        IT partners
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        An IT provider that looks after your organisation can work here with its own accounts. Every
        change they make is in your audit log under their name.
      </Text>
      <Stack gap="md">
        <QueryStatus query={links} what="the IT partners" />
        {links.data &&
          (links.data.links.length === 0 ? (
            <Text size="sm">No IT partner looks after your organisation yet.</Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="IT partners"
            >
              {currentFirst(links.data.links).map((link) => (
                <PartnerLinkItem key={link.id} link={link} />
              ))}
            </Stack>
          ))}
        <SetByBaselines />
        <InvitePartnerForm />
        {user && !user.partner && (
          <Text size="sm" c="dimmed">
            Do you look after other organisations yourself? Their invitations and your clients are
            in the{' '}
            <Anchor component={Link} to="/partner" inherit underline="always">
              Partner console
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </Card>
  );
}
