import type { Progress as ProgressNumbers } from '@castellan/contract';
import { type MantineColor, Progress, type ProgressRootProps } from '@mantine/core';

type Props = Omit<ProgressRootProps, 'children'> & {
  progress: ProgressNumbers;
  /** The accessible name, e.g. "Your progress". */
  label: string;
  /** What is counted, in the spoken value "3 of 12 tasks done". */
  noun?: string;
  /** Green when complete, blue otherwise, unless told. */
  color?: MantineColor;
  /** The spoken value when "done" is not the word, e.g. "34 of 56 safeguards met". */
  valueText?: string;
};

/** A completion bar that screen readers hear as "3 of 12 tasks done, 25%", not just a number. */
export function ProgressBar({ progress, label, noun = 'tasks', color, valueText, ...rest }: Props) {
  const { completed, total, percent } = progress;
  return (
    <Progress.Root
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${valueText ?? `${completed} of ${total} ${noun} done`}, ${percent}%`}
      {...rest}
    >
      <Progress.Section
        withAria={false}
        value={percent}
        color={color ?? (percent === 100 ? 'green' : 'blue')}
      />
    </Progress.Root>
  );
}
