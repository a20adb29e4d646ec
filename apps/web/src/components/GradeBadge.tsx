import type { Grade } from '@castellan/contract/vocabulary';
import { Badge, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** A grade as a small coloured tag in a line of text: "Grade B", or what `children` says. */
export function GradeTag({ grade, children }: { grade: Grade | null; children: ReactNode }) {
  return (
    <Badge size="sm" color={gradeColor(grade)} autoContrast>
      {children}
    </Badge>
  );
}
