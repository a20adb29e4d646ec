import { NudgeChannelSection } from '../../NudgeChannelSection';
import type { FindingsProps } from '../web-provider';

/** What Teams does once connected: the organisation's nudges through it. */
export function TeamsSection({ isAdmin }: FindingsProps) {
  return <NudgeChannelSection channel="teams" isAdmin={isAdmin} />;
}
