import { Text, type TextProps, Tooltip } from '@mantine/core';
import { formatDateTime, formatRelativeTime } from '../lib/format-relative-time';

/**
 * A past moment as "2 h ago", with the exact date and time in a tooltip on hover or keyboard focus
 * (Mantine links the open tooltip to it as its description).
 */
export function RelativeTime({ value, ...props }: { value: string } & TextProps) {
  const exact = formatDateTime(value);
  return (
    <Tooltip label={exact} events={{ hover: true, focus: true, touch: true }} withArrow>
      <Text component="time" dateTime={value} tabIndex={0} inherit {...props}>
        {formatRelativeTime(value)}
      </Text>
    </Tooltip>
  );
}
