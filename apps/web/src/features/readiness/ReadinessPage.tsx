import {
  READINESS_SET_NAMES,
  READINESS_SETS,
  type ReadinessSetId,
  STALE_EVIDENCE_DAYS,
} from '@castellan/contract/assurance-rules';
import { Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { useReadiness } from './api';
import { ExportLinks } from './ExportLinks';
import { ReadinessView } from './ReadinessView';
import { readinessSetFrom } from './readiness-words';
import { ShareForm } from './ShareForm';
import { ShareList } from './ShareList';

function SetPanel({ set }: { set: ReadinessSetId }) {
  const readiness = useReadiness(set);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {READINESS_SET_NAMES[set]}
      </Title>
      <QueryStatus query={readiness} what="the answers" />
      {readiness.data && <ReadinessView readiness={readiness.data} linkTasks />}
    </Stack>
  );
}

/**
 * `/readiness` (administrators): a cyber-insurance application's questions and the frameworks'
 * controls, each answered from the evidence, in tabs kept in the address (`?set=cis-ig1`); the
 * report to download, and read-only links to share it.
 */
export default function ReadinessPage() {
  const location = useLocation();
  const [params, setParams] = useState(() => new URLSearchParams(location.search));
  const set = readinessSetFrom(params);
  // As the risk analysis's tabs: the address follows without a navigation, which would re-check
  // the session and take the keyboard focus off the tab just chosen.
  const openSet = (next: string | null) => {
    const chosen = READINESS_SETS.find((s) => s === next);
    if (!chosen) return;
    const query = new URLSearchParams(params);
    if (chosen === 'insurance') query.delete('set');
    else query.set('set', chosen);
    setParams(query);
    const search = query.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${location.pathname}${search ? `?${search}` : ''}`,
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 24rem' }}>
          <Title order={1} size="h2" mb="xs">
            Readiness
          </Title>
          <Text c="dimmed">
            What to tell an insurer or an auditor: each question with its answer and the evidence
            behind it, and the tasks that would turn a no into a yes. Download the report, or share
            it read-only below.
          </Text>
        </div>
        <ExportLinks />
      </Group>

      <Tabs value={set} onChange={openSet} keepMounted={false}>
        {/* One row on a phone too: the tabs scroll sideways rather than wrap. */}
        <Tabs.List
          aria-label="Question sets"
          style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
        >
          {READINESS_SETS.map((id) => (
            <Tabs.Tab key={id} value={id} style={{ flexShrink: 0 }}>
              {READINESS_SET_NAMES[id]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {READINESS_SETS.map((id) => (
          <Tabs.Panel key={id} value={id} pt="lg">
            <SetPanel set={id} />
          </Tabs.Panel>
        ))}
      </Tabs>

      <Card withBorder component="section" aria-labelledby="shareTitle">
        <Title order={2} size="h4" id="shareTitle" mb="xs">
          Share read-only link
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Anyone with the link can read the report as it is now, without signing in, until the link
          expires or you revoke it: your score and its parts, the answers of every set with their
          dates, and how many people and devices the evidence covers. Evidence older than{' '}
          {STALE_EVIDENCE_DAYS} days is marked stale. Each opening is counted.
        </Text>
        <ShareForm />
        <Title order={3} size="h5" mt="lg" mb="xs">
          Links
        </Title>
        <ShareList />
      </Card>
    </Stack>
  );
}
