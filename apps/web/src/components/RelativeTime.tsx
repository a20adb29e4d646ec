import { Text, type TextProps } from '@mantine/core';
import { formatDateTime, formatRelativeTime } from '../lib/format-relative-time';
import { Hint } from './Hint';

/**
 * A past moment as "2 h ago", with the exact date and time in a tooltip on hover or keyboard focus
 * (the open tooltip is its description).
 */
export function RelativeTime({ value, ...props }: { value: string } & TextProps) {
  const exact = formatDateTime(value);
  return (
    <Hint label={exact}>
      <Text component="time" dateTime={value} tabIndex={0} inherit {...props}>
        {formatRelativeTime(value)}
      </Text>
    </Hint>
  );
}
