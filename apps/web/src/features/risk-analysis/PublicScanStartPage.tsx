import { Stack, Text, Title } from '@mantine/core';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { DomainForm } from './DomainForm';

/** `/risk-analysis/public`: asks which domain to analyse. */
export default function PublicScanStartPage() {
  return (
    <PublicPageFrame>
      <Stack gap="lg" maw={680}>
        <Title order={1}>Public risk analysis</Title>
        <Text size="lg">
          See what attackers can see of any organisation from the internet: how its e-mail is
          protected against forgery, how its DNS and website are set up. It takes under a minute,
          and the report has its own address you can share.
        </Text>
        <DomainForm label="Domain to analyse" />
      </Stack>
    </PublicPageFrame>
  );
}
