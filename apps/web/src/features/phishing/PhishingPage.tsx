import { Alert, Stack, Text } from '@mantine/core';
import { PageHeading } from '../../components/PageHeading';
import { QueryStatus } from '../../components/QueryStatus';
import { usePhishingOverview } from './api';
import { CampaignsSection } from './CampaignsSection';
import { CampaignTrend } from './CampaignTrend';
import { ConsentCard } from './ConsentCard';
import { DeliveryFacts } from './DeliveryFacts';
import { NewCampaignForm } from './NewCampaignForm';
import { PeopleSection } from './PeopleSection';

/**
 * `/phishing` (administrators): practice messages sent to the organisation's people, what each
 * did with theirs, and how that changes over the campaigns. The way in is Settings → E-mail.
 */
export default function PhishingPage() {
  const query = usePhishingOverview();
  const overview = query.data;
  return (
    <>
      <PageHeading title="Phishing practice" />
      <Text size="sm" c="dimmed" mb="md">
        Send your people harmless practice messages. Anyone who clicks the link sees a two-minute
        lesson on the message itself; anyone who reports it is thanked.
      </Text>
      <QueryStatus query={query} what="phishing practice" />
      {overview && (
        <Stack gap="lg">
          {!overview.mailEnabled && (
            <Alert color="gray" title="This server sends no e-mail">
              Campaigns cannot start until mail is turned on for this server. Ask the person who
              runs Castellan for you.
            </Alert>
          )}
          <ConsentCard consent={overview.consent} />
          <DeliveryFacts reportAddress={overview.reportAddress} allowlist={overview.allowlist} />
          {overview.consent && (
            <NewCampaignForm templates={overview.templates} enabled={overview.mailEnabled} />
          )}
          <CampaignsSection campaigns={overview.campaigns} />
          <CampaignTrend campaigns={overview.campaigns} />
          <PeopleSection />
        </Stack>
      )}
    </>
  );
}
