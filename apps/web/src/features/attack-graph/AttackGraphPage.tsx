import type { AttackGraphResponse, AttackNode, AttackTask } from '@castellan/contract';
import {
  Alert,
  Anchor,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { httpStatus } from '../../lib/http';
import { showToast } from '../../lib/toast';
import { useUserData } from '../../lib/user-data';
import { AssetFilter } from './AssetFilter';
import { useAttackGraph, useCompleteAttackTask } from './api';
import { GraphSummary } from './GraphSummary';
import { assetOptions, type AssetFilter as Filter, mayComplete, visibleGraph } from './graph-model';
import { NodePanel } from './NodePanel';
import { PathList } from './PathList';

// The drawn graph (layout, zoom and pan) loads with the graph view only: a phone and the list
// view never need it.
const AttackGraph = lazy(() => import('./AttackGraph'));

type View = 'graph' | 'list';

function Paths({ graph, onOpen }: { graph: AttackGraphResponse; onOpen: (id: string) => void }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [chosenView, setView] = useState<View>('graph');
  const smallScreen = useMediaQuery('(max-width: 47.99em)', false, {
    getInitialValueInEffect: false,
  });
  const view = smallScreen ? 'list' : chosenView;
  const options = useMemo(() => assetOptions(graph), [graph]);
  // A task marked done may take the chosen asset's last path away: then show them all.
  const asset = options.some((option) => option.asset === filter) ? filter : 'all';
  const shown = useMemo(() => visibleGraph(graph, asset), [graph, asset]);
  const openNode = (node: AttackNode) => onOpen(node.id);

  if (graph.paths.length === 0) {
    return <Text c="dimmed">Nothing the checks found leads an attacker to your assets.</Text>;
  }
  return (
    <Stack gap="md">
      <AssetFilter
        options={options}
        totalOpen={graph.counts.openPaths}
        value={asset}
        onChange={setFilter}
      />
      {!smallScreen && (
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(next) => setView(next as View)}
          data={[
            { value: 'graph', label: 'Graph' },
            { value: 'list', label: 'List' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      {view === 'graph' ? (
        <>
          <Suspense
            fallback={
              <Group gap="sm" role="status">
                <Loader size="sm" aria-hidden />
                <Text c="dimmed">Loading the graph...</Text>
              </Group>
            }
          >
            <AttackGraph nodes={shown.nodes} edges={shown.edges} onOpen={onOpen} />
          </Suspense>
          <VisuallyHidden>
            <PathList paths={shown.paths} nodes={shown.nodes} />
          </VisuallyHidden>
        </>
      ) : (
        <PathList paths={shown.paths} nodes={shown.nodes} onOpen={openNode} />
      )}
    </Stack>
  );
}

/** `/risk-analysis/attack-graph`: how an attacker would get in, and the tasks that stop them. */
export default function AttackGraphPage() {
  const { data: user } = useUserData();
  const graph = useAttackGraph();
  const complete = useCompleteAttackTask();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const data = graph.data;
  const selected = data?.nodes.find((node) => node.id === selectedId) ?? null;

  const markDone = (task: AttackTask) =>
    complete.mutate(task, {
      onSuccess: (done) => {
        if (done) showToast({ severity: 'success', summary: 'Task completed', detail: task.title });
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          summary: 'Could not mark the task as done',
          detail: error.message,
          life: 8000,
        }),
    });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" mb="xs">
          Attack graph
        </Title>
        <Text c="dimmed">
          How an attacker could get in: from an entry point, through their steps, to your assets and
          the harm done. Open an entry point to see the tasks that close it.
        </Text>
      </div>
      {httpStatus(graph.error) === 403 ? (
        <Alert color="gray" title="For administrators only" role="alert">
          Only administrators can see the attack graph. Ask an administrator of your organisation.
        </Alert>
      ) : httpStatus(graph.error) === 401 ? (
        <Alert color="gray" title="Sign in first" role="alert">
          Sign in as an administrator of your organisation to see its attack graph.{' '}
          <Anchor component={Link} to="/">
            Sign in
          </Anchor>
        </Alert>
      ) : (
        <QueryStatus query={graph} what="the attack graph" />
      )}
      {data && (
        <>
          <GraphSummary graph={data} />
          <Paths graph={data} onOpen={setSelectedId} />
        </>
      )}
      <NodePanel
        node={selected}
        incoming={data?.edges.filter((edge) => edge.to === selectedId) ?? []}
        onClose={() => setSelectedId(null)}
        canComplete={(task) => mayComplete(task, user ?? null)}
        completingId={complete.isPending ? complete.variables.taskId : null}
        onComplete={markDone}
      />
    </Stack>
  );
}
