import type { PhishingOverview } from '@castellan/contract';
import { Anchor, Card, Code, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PHISHING_HELP_HREF } from './phishing-words';

type Props = Pick<PhishingOverview, 'reportAddress' | 'allowlist'>;

/** Where people report practice messages, and what a mail administrator allowlists. */
export function DeliveryFacts({ reportAddress, allowlist }: Props) {
  return (
    <Card withBorder component="section" aria-labelledby="deliveryTitle">
      <Title order={2} size="h4" id="deliveryTitle" mb="xs">
        Reports and delivery
      </Title>
      <Text size="sm" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {reportAddress ? (
          <>
            A practice message forwarded or replied to <Code>{reportAddress}</Code> counts as
            reported.
          </>
        ) : (
          'Reports by e-mail are off on this server.'
        )}
      </Text>
      <Text size="sm">
        Ask your mail administrator to allowlist these (see{' '}
        <Anchor component={Link} to={PHISHING_HELP_HREF} inherit underline="always">
          Help
        </Anchor>
        ):
      </Text>
      <List size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        <List.Item>
          Header: <Code>{allowlist.header}</Code>
        </List.Item>
        <List.Item>
          Sender: <Code>{allowlist.fromAddress}</Code>
        </List.Item>
      </List>
    </Card>
  );
}
