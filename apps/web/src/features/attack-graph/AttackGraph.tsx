import '@xyflow/react/dist/style.css';
import type { AttackEdge, AttackNode } from '@castellan/contract';
import { Controls, type Edge, MarkerType, ReactFlow } from '@xyflow/react';
import { type KeyboardEvent, useMemo } from 'react';
import classes from './AttackGraph.module.css';
import { GraphNode, type GraphNodeType } from './GraphNode';
import { layoutGraph, NODE_HEIGHT } from './graph-layout';
import { nodeAccessibleName } from './graph-model';

type Props = {
  nodes: AttackNode[];
  edges: AttackEdge[];
  onOpen: (nodeId: string) => void;
};

const NODE_TYPES = { attack: GraphNode };

/**
 * The drawn graph, loaded only on this page (it brings React Flow and dagre). Each node is a
 * button: a click, or Enter or Space once focused with Tab, opens its details.
 */
export default function AttackGraph({ nodes, edges, onOpen }: Props) {
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
  // As tall as the laid-out graph (within limits), so a wide, flat graph leaves no empty band.
  const bottom = Math.max(0, ...flowNodes.map((node) => node.position.y + NODE_HEIGHT));
  const height = Math.min(560, Math.max(240, bottom + 60));

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
        className={classes.flow}
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
        minZoom={0.3}
        fitView
        fitViewOptions={{ padding: 0.1 }}
      >
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
