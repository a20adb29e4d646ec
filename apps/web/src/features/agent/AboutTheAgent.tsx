import {
  AGENT_CHECKS,
  AGENT_SCHEDULE_HOURS,
  AGENT_STALE_DAYS,
} from '@castellan/contract/agent-checks';
import { Anchor, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** What the agent checks, what it needs and how often it runs, in a few plain lines. */
export function AboutTheAgent() {
  return (
    <section aria-labelledby="aboutAgentTitle">
      <Title order={2} size="h4" id="aboutAgentTitle" mb="xs">
        What the agent checks
      </Title>
      <List size="sm" spacing={2} mb="sm">
        {Object.values(AGENT_CHECKS).map((check) => (
          <List.Item key={check.name}>{check.name}</List.Item>
        ))}
      </List>
      <Text size="sm" mb="xs">
        It needs no administrator rights and runs every {AGENT_SCHEDULE_HOURS} hours. It sends only
        each check’s verdict with a one-sentence reason, the device’s name, its system and version,
        and the agent’s version: no files and no browsing history. A device silent for{' '}
        {AGENT_STALE_DAYS} days no longer counts.
      </Text>
      <Anchor component={Link} to="/help?article=endpoint-agent" size="sm">
        More about the agent in Help
      </Anchor>
    </section>
  );
}
