import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CIS_IG1_SAFEGUARDS,
  CYBER_ESSENTIALS_CONTROLS,
  IG1_NOT_APPLICABLE,
} from '@castellan/contract/frameworks';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './index';

const USING = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../../docs/using.md'),
  'utf8',
);
const cited = (framework: 'cis' | 'ce') =>
  new Set(CATALOGUE.flatMap((t) => (framework === 'cis' ? t.cisSafeguards : t.cyberEssentials)));

describe('the catalogue against the frameworks', () => {
  it('cites every CIS Controls v8 IG1 safeguard, or docs/using.md says why it does not apply', () => {
    const cis = cited('cis');
    const neither = CIS_IG1_SAFEGUARDS.filter(
      (s) => !cis.has(s.id) && !(s.id in IG1_NOT_APPLICABLE),
    ).map((s) => s.id);
    expect(neither).toEqual([]);
    const both = Object.keys(IG1_NOT_APPLICABLE).filter((id) => cis.has(id));
    expect(both).toEqual([]);
    for (const [id, reason] of Object.entries(IG1_NOT_APPLICABLE)) {
      expect(CIS_IG1_SAFEGUARDS.map((s) => s.id)).toContain(id);
      expect(USING).toContain(`**${id}**`);
      expect(USING).toContain(reason);
    }
  });

  it('covers each of the five Cyber Essentials controls with tasks', () => {
    const ce = cited('ce');
    expect(CYBER_ESSENTIALS_CONTROLS.filter((c) => !ce.has(c))).toEqual([]);
    for (const task of CATALOGUE) {
      expect(new Set(task.cyberEssentials).size, task.id).toBe(task.cyberEssentials.length);
    }
  });
});

const SENTENCE_END = /[.!?](?:\s+(?=[A-Z"“(])|$)/g;
const sentences = (text: string) => text.trim().match(SENTENCE_END)?.length ?? 0;
const MAX_STEP = 400;

describe('the content of every task', () => {
  it('has no duplicate ids or titles', () => {
    const ids = CATALOGUE.map((t) => t.id);
    const titles = CATALOGUE.map((t) => t.title.toLowerCase());
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
  });

  it.each(CATALOGUE.map((t) => [t.id, t] as const))('%s is written to the rules', (_, task) => {
    // A title is an action: a capitalised verb phrase, no full stop.
    expect(task.title).toMatch(/^[A-Z][a-z]+ /);
    expect(task.title).not.toMatch(/[.!?]$/);
    expect(sentences(task.summary), task.summary).toBe(1);
    expect(task.why.trim().length).toBeGreaterThan(40);
    for (const { platform, steps } of task.instructions) {
      const where = `${task.id} (${platform ?? 'all'})`;
      for (const step of steps)
        expect(step.length, `${where}: ${step}`).toBeLessThanOrEqual(MAX_STEP);
      expect(steps.at(-1), `${where} ends with how to check`).toMatch(/^Check[:,]? /);
    }
  });
});
