import type { Grade } from '@castellan/contract/vocabulary';

/** Green for a good grade through to red for a bad one. */
export const GRADE_COLORS: Record<Grade, string> = {
  A: 'green',
  B: 'lime',
  C: 'yellow',
  D: 'orange',
  E: 'red',
  F: 'red.9',
};

export const gradeColor = (grade: Grade | null): string => (grade ? GRADE_COLORS[grade] : 'gray');
