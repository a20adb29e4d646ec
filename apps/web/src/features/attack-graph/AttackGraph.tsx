import '@xyflow/react/dist/style.css';
import type { AttackEdge, AttackNode } from '@castellan/contract';
import { Anchor, Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Controls, type Edge, MarkerType, ReactFlow } from '@xyflow/react';
import { type KeyboardEvent, useMemo } from 'react';
import { GraphNode, type GraphNodeType } from './GraphNode';
import { layoutGraph, MIN_READABLE_ZOOM, readableView } from './graph-layout';
import { nodeAccessibleName } from './graph-model';

type Props = {
  nodes: AttackNode[];
  edges: AttackEdge[];
  onOpen: (nodeId: string) => void;
};

const NODE_TYPES = { attack: GraphNode };

/**
 * React Flow is MIT-licensed and asks organisations that earn from it to keep its credit: the
 * credit sits under the graph, as a link, rather than over the drawing.
 */
const HIDE_OVERLAY_CREDIT = { hideAttribution: true };

function Graph({ nodes, edges, onOpen, width }: Props & { width: number }) {
  const flowNodes = useMemo((): GraphNodeType[] => {
    const positions = layoutGraph(
      nodes.map((node) => node.id),
      edges,
    );
    return nodes.map((node) => ({
      id: node.id,
      type: 'attack',
      position: positions.get(node.id) ?? { x: 0, y: 0 },
      data: { node },
      ariaRole: 'button',
      ariaLabel: nodeAccessibleName(node),
    }));
  }, [nodes, edges]);
  // Fitted to the width, but never so small that the nodes' text drops under 12 px on screen.
  const { viewport, height } = readableView(
    flowNodes.map((node) => node.position),
    width,
  );

  const flowEdges = useMemo((): Edge[] => {
    const labelOf = (id: string) => nodes.find((node) => node.id === id)?.label ?? id;
    return edges.map((edge) => ({
      id: edge.id,
      source: edge.from,
      target: edge.to,
      markerEnd: { type: MarkerType.ArrowClosed },
      ariaLabel: `${labelOf(edge.from)} leads to ${labelOf(edge.to)}`,
    }));
  }, [nodes, edges]);

  // React Flow selects a node on Enter or Space but tells no one: open it here instead.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const target = event.target as HTMLElement;
    const id = target.classList.contains('react-flow__node') ? target.dataset.id : undefined;
    if (!id) return;
    event.preventDefault();
    onOpen(id);
  };

  return (
    <div style={{ height }}>
      <ReactFlow
        aria-label="Attack graph"
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={NODE_TYPES}
        onNodeClick={(_, node) => onOpen(node.id)}
        onKeyDown={onKeyDown}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        panActivationKeyCode={null}
        deleteKeyCode={null}
        minZoom={MIN_READABLE_ZOOM}
        maxZoom={1.5}
        defaultViewport={viewport}
        fitViewOptions={{ padding: 0.05, minZoom: MIN_READABLE_ZOOM, maxZoom: 1 }}
        proOptions={HIDE_OVERLAY_CREDIT}
      >
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

/**
 * The drawn graph, loaded only on this page (it brings React Flow and dagre). Each node is a
 * button: a click, or Enter or Space once focused with Tab, opens its details. A graph wider
 * than the page at its readable zoom starts at the entry points; drag to see the rest.
 */
export default function AttackGraph(props: Props) {
  const { ref, width } = useElementSize();
  // A new set of nodes (another asset chosen) is laid out and framed afresh.
  const key = props.nodes.map((node) => node.id).join(' ');
  return (
    <Box>
      <Box ref={ref}>
        {width > 0 && <Graph key={`${key}@${Math.round(width)}`} {...props} width={width} />}
      </Box>
      <Text size="xs" c="dimmed" ta="right" mt={4}>
        Graph drawn with{' '}
        <Anchor href="https://reactflow.dev" target="_blank" rel="noreferrer" size="xs">
          React Flow
        </Anchor>
      </Text>
    </Box>
  );
}
