import type { LastNudge } from '@castellan/contract';
import { NUDGE_CHANNEL_NAMES } from '@castellan/contract/nudge-rules';

/**
 * When and how someone was last nudged, short: "3 Dec, Slack" (the date in the viewer's locale,
 * `locale` undefined), or "Never".
 */
export function lastNudgeText(nudge: LastNudge | null, locale?: string): string {
  if (!nudge) return 'Never';
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(
    new Date(nudge.at),
  );
  return `${date}, ${NUDGE_CHANNEL_NAMES[nudge.channel]}`;
}
