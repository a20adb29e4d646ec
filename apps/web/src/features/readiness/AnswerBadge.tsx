import { READINESS_ANSWER_NAMES, type ReadinessAnswer } from '@castellan/contract/assurance-rules';
import { Badge, VisuallyHidden } from '@mantine/core';
import { ANSWER_COLORS } from './readiness-words';

/** An answer as a coloured label that also says it in words ("Answer: Partly" to a screen reader). */
export function AnswerBadge({ answer }: { answer: ReadinessAnswer }) {
  return (
    <Badge
      variant="light"
      color={ANSWER_COLORS[answer]}
      size="lg"
      style={{ flexShrink: 0 }}
      data-answer={answer}
    >
      <VisuallyHidden>Answer: </VisuallyHidden>
      {READINESS_ANSWER_NAMES[answer]}
    </Badge>
  );
}
