import type { Grade } from '@castellan/contract/vocabulary';
import { Text, ThemeIcon } from '@mantine/core';
import { gradeColor } from './grade-color';

/** A grade as a big coloured letter; read out as "Domain grade D" unless it is of `what` else. */
export function GradeBadge({
  grade,
  size = 88,
  what = 'Domain grade',
}: {
  grade: Grade | null;
  size?: number;
  what?: string;
}) {
  return (
    <ThemeIcon
      size={size}
      radius={size}
      color={gradeColor(grade)}
      autoContrast
      role="img"
      aria-label={grade ? `${what} ${grade}` : `No ${what.toLowerCase()}`}
      data-grade={grade ?? 'none'}
      style={{ flexShrink: 0 }}
    >
      <Text component="span" fz={size / 2} fw={800} lh={1} c="inherit">
        {grade ?? '–'}
      </Text>
    </ThemeIcon>
  );
}
