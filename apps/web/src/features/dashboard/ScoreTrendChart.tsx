import type { ScoreResponse } from '@castellan/contract';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { changesByDate, dayChangesLabel } from './score-changes';
import { type ChartBox, chartPoints, dayLabel, linePath, trendSummary } from './trend-chart';

const BOX: ChartBox = { width: 320, height: 120, padX: 28, padY: 12 };
const GRID = [0, 50, 100];

/**
 * The score's daily trend as a small line chart summarised in words. A day on which tasks were
 * done or reopened has a point that says what moved the score, on hover and on keyboard focus.
 */
export function ScoreTrendChart({
  history,
  changes = [],
}: {
  history: ScoreResponse['history'];
  changes?: ScoreResponse['changes'];
}) {
  const points = chartPoints(history, BOX);
  const byDate = changesByDate(changes);
  const [focused, setFocused] = useState<string | null>(null);
  const first = points[0];
  const last = points.at(-1);
  const yOf = (score: number) => BOX.padY + (1 - score / 100) * (BOX.height - 2 * BOX.padY);
  return (
    <figure style={{ margin: 0 }}>
      {/* biome-ignore lint/a11y/useSemanticElements: a chart, not a form's fieldset: its points are named one by one */}
      <svg
        role="group"
        aria-label={trendSummary(history)}
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        width="100%"
        style={{ display: 'block', maxHeight: 180 }}
      >
        {GRID.map((score) => (
          <g key={score} aria-hidden>
            <line
              x1={BOX.padX}
              x2={BOX.width - BOX.padX}
              y1={yOf(score)}
              y2={yOf(score)}
              stroke="var(--mantine-color-gray-3)"
              strokeDasharray={score === 0 ? undefined : '3 3'}
            />
            <text
              x={BOX.padX - 6}
              y={yOf(score)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize="9"
              fill="var(--mantine-color-dimmed)"
            >
              {score}
            </text>
          </g>
        ))}
        {points.length > 1 && (
          <path
            aria-hidden
            d={linePath(points)}
            fill="none"
            stroke="var(--mantine-color-blue-6)"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        )}
        {last && (
          <circle aria-hidden cx={last.x} cy={last.y} r="4" fill="var(--mantine-color-blue-6)" />
        )}
        {points.map((p) => {
          const moved = byDate.get(p.date);
          if (!moved) return null;
          const label = dayChangesLabel(p.date, moved);
          return (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an image of a day, named by its changes
            <circle
              key={p.date}
              role="img"
              aria-label={label}
              tabIndex={0}
              cx={p.x}
              cy={p.y}
              r="5"
              fill="var(--mantine-color-body)"
              stroke="var(--mantine-color-blue-6)"
              strokeWidth="2"
              onFocus={() => setFocused(p.date)}
              onBlur={() => setFocused(null)}
              onMouseEnter={() => setFocused(p.date)}
              onMouseLeave={() => setFocused(null)}
            >
              <title>{label}</title>
            </circle>
          );
        })}
      </svg>
      {focused && byDate.has(focused) && (
        <Text size="xs" aria-hidden data-testid="trendPointChanges">
          {dayChangesLabel(focused, byDate.get(focused) ?? [])}
        </Text>
      )}
      {first && last && (
        <Text component="figcaption" size="xs" c="dimmed" ta="center" aria-hidden>
          {first === last
            ? `${dayLabel(last.date)}: the trend grows day by day`
            : `${dayLabel(first.date)} – ${dayLabel(last.date)}`}
        </Text>
      )}
    </figure>
  );
}
