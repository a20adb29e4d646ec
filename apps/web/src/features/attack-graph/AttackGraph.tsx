import type { AttackEdge, AttackNode } from '@castellan/contract';
import { Button, Group } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { GraphNode } from './GraphNode';
import {
  edgePath,
  layoutGraph,
  MAX_ZOOM,
  MIN_READABLE_ZOOM,
  NODE_HEIGHT,
  readableView,
  VIEW_PADDING,
} from './graph-layout';

type Props = {
  nodes: AttackNode[];
  edges: AttackEdge[];
  onOpen: (nodeId: string) => void;
};

const ZOOM_STEP = 1.2;
/** Room for the scrollbar under a graph wider than its box, so that it needs no vertical one. */
const SCROLLBAR_ROOM = 20;
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_READABLE_ZOOM, zoom));
const listFormat = new Intl.ListFormat('en', { type: 'conjunction' });

/** Each node's drawn height (a long label wraps onto more lines), updated as fonts load. */
function useNodeHeights(canvas: RefObject<HTMLElement | null>): ReadonlyMap<string, number> {
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(new Map());
  useLayoutEffect(() => {
    const nodes = [...(canvas.current?.querySelectorAll<HTMLElement>('[data-graph-node]') ?? [])];
    const measure = () => {
      const next = new Map(
        nodes.map((node) => [
          node.dataset.graphNode ?? '',
          Math.max(NODE_HEIGHT, node.offsetHeight),
        ]),
      );
      setHeights((last) => ([...next].every(([id, h]) => last.get(id) === h) ? last : next));
    };
    // Measured before the first paint; a later change in the next frame, since a change made
    // inside the observer's callback would resize what other observers watch in that frame.
    measure();
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    for (const node of nodes) observer.observe(node);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [canvas]);
  return heights;
}

/**
 * Dragging with the mouse pans the box; touch and the keyboard scroll it natively. The click
 * that ends a drag opens nothing.
 */
function useDragToPan() {
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean }>(null);
  const dragged = useRef(false);
  const end = () => {
    dragged.current = drag.current?.moved ?? false;
    drag.current = null;
    // The click, if any, comes in the same task as the pointerup.
    setTimeout(() => {
      dragged.current = false;
    });
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType !== 'mouse' || event.button !== 0) return;
      const box = event.currentTarget;
      const [x, y] = [event.clientX, event.clientY];
      const { left, top } = box.getBoundingClientRect();
      // The box's own scrollbars drag as they always do.
      if (x - left >= box.clientLeft + box.clientWidth) return;
      if (y - top >= box.clientTop + box.clientHeight) return;
      drag.current = { x, y, left: box.scrollLeft, top: box.scrollTop, moved: false };
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      const at = drag.current;
      if (!at) return;
      const [dx, dy] = [event.clientX - at.x, event.clientY - at.y];
      if (!at.moved && Math.hypot(dx, dy) < 4) return;
      if (!at.moved) event.currentTarget.setPointerCapture(event.pointerId);
      at.moved = true;
      event.currentTarget.scrollTo(at.left - dx, at.top - dy);
    },
    onPointerUp: end,
    onPointerCancel: end,
    onClickCapture: (event: MouseEvent) => {
      if (dragged.current) event.stopPropagation();
    },
  };
}

function Graph({ nodes, edges, onOpen, width }: Props & { width: number }) {
  const id = useId().replace(/:/g, '');
  const canvas = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const heights = useNodeHeights(canvas);
  const layout = useMemo(
    () =>
      layoutGraph(
        nodes.map((node) => node.id),
        edges,
        heights,
      ),
    [nodes, edges, heights],
  );
  // Fitted to the width, but never so small that the nodes' text drops under 12 px on screen.
  const fit = readableView(layout, width);
  const [zoom, setZoom] = useState(fit.zoom);
  const pan = useDragToPan();

  // Where the view goes once a new zoom is drawn: the graph's point that was at its centre stays
  // there, or back to the start (the entry points) for Fit view.
  const keep = useRef<{ x: number; y: number } | 'start' | null>(null);
  const zoomTo = (next: number, toStart = false) => {
    const box = scroller.current;
    keep.current =
      toStart || !box
        ? 'start'
        : {
            x: (box.scrollLeft + box.clientWidth / 2) / box.scrollWidth,
            y: (box.scrollTop + box.clientHeight / 2) / box.scrollHeight,
          };
    setZoom(clampZoom(next));
  };
  useLayoutEffect(() => {
    const [box, at] = [scroller.current, keep.current];
    if (!box || !at) return;
    keep.current = null;
    if (at === 'start') box.scrollTo(0, 0);
    else {
      box.scrollTo(
        at.x * box.scrollWidth - box.clientWidth / 2,
        at.y * box.scrollHeight - box.clientHeight / 2,
      );
    }
  });

  // Tab goes through the nodes as they are drawn: rank by rank, top to bottom.
  const drawn = useMemo(() => {
    const label = new Map(nodes.map((node) => [node.id, node.label]));
    return nodes
      .map((node, index) => {
        const leadsTo = edges
          .filter((e) => e.from === node.id)
          .flatMap((e) => label.get(e.to) ?? []);
        const position = layout.positions.get(node.id) ?? { x: 0, y: 0 };
        return {
          node,
          position,
          leadsTo,
          describedBy: leadsTo.length ? `${id}-${index}` : undefined,
        };
      })
      .sort((a, b) => a.position.x - b.position.x || a.position.y - b.position.y);
  }, [nodes, edges, layout, id]);

  return (
    // A region rather than an "application": the nodes are plain buttons, and a screen reader
    // should keep its own keys for reading and moving around instead of passing them to the page.
    <section aria-label="Attack graph">
      <Group justify="flex-end" gap={4} mb={4}>
        {(
          [
            ['Zoom in', () => zoomTo(zoom * ZOOM_STEP)],
            ['Zoom out', () => zoomTo(zoom / ZOOM_STEP)],
            ['Fit view', () => zoomTo(fit.zoom, true)],
          ] as const
        ).map(([name, onClick]) => (
          <Button key={name} variant="default" size="compact-sm" onClick={onClick}>
            {name}
          </Button>
        ))}
      </Group>
      <div
        ref={scroller}
        {...pan}
        style={{
          overflow: 'auto',
          minHeight: fit.height,
          maxHeight: fit.height + SCROLLBAR_ROOM,
          cursor: 'grab',
        }}
      >
        {/* The zoomed graph's size, centred when narrower than the box. */}
        <div
          style={{
            position: 'relative',
            margin: '0 auto',
            width: layout.width * zoom + 2 * VIEW_PADDING,
            height: layout.height * zoom + 2 * VIEW_PADDING,
          }}
        >
          <div
            ref={canvas}
            data-graph-canvas
            style={{
              position: 'absolute',
              left: VIEW_PADDING,
              top: VIEW_PADDING,
              width: layout.width,
              height: layout.height,
              transform: `scale(${zoom})`,
              transformOrigin: '0 0',
              userSelect: 'none',
            }}
          >
            <svg
              aria-hidden
              width={layout.width}
              height={layout.height}
              style={{
                position: 'absolute',
                overflow: 'visible',
                color: 'var(--mantine-color-gray-6)',
              }}
            >
              <defs>
                <marker
                  id={`${id}-arrow`}
                  viewBox="0 0 10 10"
                  refX={10}
                  refY={5}
                  markerWidth={10}
                  markerHeight={10}
                  markerUnits="userSpaceOnUse"
                  orient="auto"
                >
                  <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
                </marker>
              </defs>
              {layout.routes.map(({ edge, points }) => (
                <path
                  key={edge.id}
                  d={edgePath(points)}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.5}
                  markerEnd={`url(#${id}-arrow)`}
                />
              ))}
            </svg>
            {drawn.map(({ node, position, describedBy }) => (
              <GraphNode
                key={node.id}
                node={node}
                position={position}
                describedBy={describedBy}
                onOpen={onOpen}
              />
            ))}
          </div>
        </div>
      </div>
      {/* What the arrows say, for a screen reader: each node's description. */}
      <div hidden>
        {drawn.map(({ node, leadsTo, describedBy }) =>
          describedBy ? (
            <span key={node.id} id={describedBy}>
              Leads to {listFormat.format(leadsTo)}.
            </span>
          ) : null,
        )}
      </div>
    </section>
  );
}

/**
 * The drawn graph, loaded only on this page and only in the graph view. Each node is a button: a
 * click, or Enter or Space once focused with Tab, opens its details. A graph wider than the page
 * at its readable zoom starts at the entry points; drag or scroll to see the rest.
 */
export default function AttackGraph(props: Props) {
  const { ref, width } = useElementSize();
  // A new set of nodes (another asset chosen) is laid out and framed afresh.
  const key = props.nodes.map((node) => node.id).join(' ');
  return <div ref={ref}>{width > 0 && <Graph key={key} {...props} width={width} />}</div>;
}
