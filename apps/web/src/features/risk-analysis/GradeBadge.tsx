import type { Grade } from '@castellan/contract/vocabulary';
import { Text, ThemeIcon } from '@mantine/core';
import { gradeColor } from './report-display';

/** The report's grade as a big coloured letter; read out as "Grade D". */
export function GradeBadge({ grade, size = 88 }: { grade: Grade | null; size?: number }) {
  return (
    <ThemeIcon
      size={size}
      radius={size}
      color={gradeColor(grade)}
      autoContrast
      role="img"
      aria-label={grade ? `Grade ${grade}` : 'No grade'}
      data-grade={grade ?? 'none'}
      style={{ flexShrink: 0 }}
    >
      <Text component="span" fz={size / 2} fw={800} lh={1} c="inherit">
        {grade ?? '–'}
      </Text>
    </ThemeIcon>
  );
}
