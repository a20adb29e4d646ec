import type { ScoreResponse } from '@castellan/contract';
import { Text } from '@mantine/core';
import { type ChartBox, chartPoints, dayLabel, linePath, trendSummary } from './trend-chart';

const BOX: ChartBox = { width: 320, height: 120, padX: 28, padY: 12 };
const GRID = [0, 50, 100];

/** The score's daily trend as a small line chart; one accessible image summarised in words. */
export function ScoreTrendChart({ history }: { history: ScoreResponse['history'] }) {
  const points = chartPoints(history, BOX);
  const first = points[0];
  const last = points.at(-1);
  const yOf = (score: number) => BOX.padY + (1 - score / 100) * (BOX.height - 2 * BOX.padY);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={trendSummary(history)}
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        width="100%"
        style={{ display: 'block', maxHeight: 180 }}
      >
        {GRID.map((score) => (
          <g key={score}>
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
            d={linePath(points)}
            fill="none"
            stroke="var(--mantine-color-blue-6)"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        )}
        {last && <circle cx={last.x} cy={last.y} r="4" fill="var(--mantine-color-blue-6)" />}
      </svg>
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
