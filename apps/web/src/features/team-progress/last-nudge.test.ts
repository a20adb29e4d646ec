import { describe, expect, it } from 'vitest';
import { lastNudgeText } from './last-nudge';

describe('last nudge', () => {
  it('says the day and the channel by name', () => {
    expect(lastNudgeText({ at: '2026-12-03T10:00:00Z', channel: 'slack' }, 'en-GB')).toBe(
      '3 Dec, Slack',
    );
    expect(lastNudgeText({ at: '2026-12-03T10:00:00Z', channel: 'teams' }, 'en-GB')).toBe(
      '3 Dec, Microsoft Teams',
    );
    expect(lastNudgeText({ at: '2026-12-03T10:00:00Z', channel: 'email' }, 'en-US')).toBe(
      'Dec 3, E-mail',
    );
  });

  it('says Never for someone not nudged yet', () => {
    expect(lastNudgeText(null)).toBe('Never');
  });
});
