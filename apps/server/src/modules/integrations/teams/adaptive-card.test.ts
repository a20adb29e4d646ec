import { describe, expect, it } from 'vitest';
import { openUrls } from '../../../../test/fakes/teams/open-urls';
import type { NudgeCard } from '../kit/nudge-channel';
import { MAX_MESSAGE_BYTES, nudgeMessage } from './adaptive-card';

const task = (n: number, extra: Partial<NudgeCard['tasks'][number]> = {}) => ({
  id: `task-${n}`,
  title: `Task number ${n}`,
  due: 'due Thursday 3 December',
  url: `https://app.example/tasks/task-${n}`,
  actions: true,
  ...extra,
});

const card = (tasks: NudgeCard['tasks']): NudgeCard => ({
  title: '2 security tasks are due soon',
  intro: 'Here is what is due this week.',
  tasks,
  moreUrl: 'https://app.example/tasks',
  moreLabel: 'Open your tasks',
});

describe('nudgeMessage', () => {
  it('is one Adaptive Card 1.4 in a message envelope, each task with a link and no answer button', () => {
    const message = nudgeMessage(
      card([task(1), task(2, { owner: 'Chloe Davies', actions: false })]),
    );
    expect(message.type).toBe('message');
    expect(message.attachments).toHaveLength(1);
    const [attachment] = message.attachments;
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(attachment.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    const texts = attachment.content.body.filter((e) => e.type === 'TextBlock').map((e) => e.text);
    expect(texts).toEqual([
      '2 security tasks are due soon',
      'Here is what is due this week.',
      'Task number 1 — due Thursday 3 December',
      'Task number 2 — due Thursday 3 December (Chloe Davies)',
    ]);
    expect(openUrls(message)).toEqual([
      { title: 'Open: Task number 1', url: 'https://app.example/tasks/task-1' },
      { title: 'Open: Task number 2', url: 'https://app.example/tasks/task-2' },
      { title: 'Open your tasks', url: 'https://app.example/tasks' },
    ]);
    expect(JSON.stringify(message)).not.toMatch(/check=again|Action\.Submit/);
    expect(message).not.toHaveProperty('recipient');
    expect(nudgeMessage(card([task(1)]), 'chloe@brightwave.example').recipient).toBe(
      'chloe@brightwave.example',
    );
  });

  it('keeps Markdown in names from making links', () => {
    const message = nudgeMessage(
      card([task(1, { owner: '[Prize](https://attacker.example) *x*' })]),
    );
    const line = message.attachments[0].content.body[2]?.text;
    expect(line).toBe(
      'Task number 1 — due Thursday 3 December (\\[Prize\\](https://attacker.example) \\*x\\*)',
    );
  });

  it('stays under 28 KB, saying how many tasks it left out', () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      task(i, { title: `A long task title ${'x'.repeat(60)} ${i}` }),
    );
    const message = nudgeMessage(card(many), 'chloe@brightwave.example');
    const bytes = Buffer.byteLength(JSON.stringify(message));
    expect(bytes).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    expect(bytes).toBeGreaterThan(MAX_MESSAGE_BYTES - 1_000);
    const shown = openUrls(message).length - 1;
    expect(shown).toBeLessThan(400);
    const last = message.attachments[0].content.body.at(-1);
    expect(last?.text).toBe(`And ${400 - shown} more tasks: "Open your tasks" shows every one.`);
  });
});
