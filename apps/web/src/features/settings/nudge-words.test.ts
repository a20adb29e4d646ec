import type { NudgeSettingsResponse } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { channelChoices, dueDaysText, NUDGE_EXPLANATION, nudgeStatusText } from './nudge-words';

const response = (
  ready: Partial<Record<'email' | 'slack' | 'teams', boolean>>,
): NudgeSettingsResponse => ({
  settings: { enabled: true, channel: 'email' },
  available: (['email', 'slack', 'teams'] as const).map((channel) => ({
    channel,
    ready: ready[channel] ?? false,
  })),
  editable: true,
});

describe('nudge words', () => {
  it('explains the hours and the due days by risk with the server’s numbers', () => {
    expect(dueDaysText()).toBe('critical 2 days, high 7, medium 30, low 90');
    expect(NUDGE_EXPLANATION).toContain('between 9:00 and 17:00 your time, at most once a day');
    expect(NUDGE_EXPLANATION).toContain('by its risk: critical 2 days, high 7, medium 30, low 90.');
  });

  it('says whether and how the organisation nudges', () => {
    expect(nudgeStatusText({ enabled: false, channel: 'slack' })).toBe(
      'Your organisation does not nudge people at the moment.',
    );
    expect(nudgeStatusText({ enabled: true, channel: 'email' })).toBe(
      'Your organisation nudges people by e-mail.',
    );
    expect(nudgeStatusText({ enabled: true, channel: 'teams' })).toBe(
      'Your organisation nudges people through Microsoft Teams, and by e-mail those it cannot reach there.',
    );
  });

  it('offers a messaging channel once connected, and e-mail always', () => {
    const choices = channelChoices(response({ email: true, slack: true }));
    expect(choices.map((c) => [c.label, c.disabled, c.needsConnecting])).toEqual([
      ['E-mail', false, false],
      ['Slack', false, false],
      ['Microsoft Teams', true, true],
    ]);
    const mailOff = channelChoices(response({}));
    expect(mailOff[0]).toMatchObject({ channel: 'email', disabled: false, mailOff: true });
  });
});
