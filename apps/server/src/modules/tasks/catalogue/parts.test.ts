import { SCORE_PARTS } from '@castellan/contract/vocabulary';
import { describe, expect, it } from 'vitest';
import { scoreOf } from '../../score/model';
import { Completions } from '../assignment';
import { RISK_POINTS } from '../task-value';
import { CATALOGUE, catalogueById } from './index';
import { PART_OVERRIDES } from './parts';

describe('the parts of the score', () => {
  it('puts every catalogue task in exactly one known part', () => {
    for (const task of CATALOGUE) {
      expect(
        SCORE_PARTS.filter((p) => p === task.part),
        task.id,
      ).toHaveLength(1);
    }
    // Each task is listed once, so it cannot count towards two parts.
    expect(new Set(CATALOGUE.map((t) => t.id)).size).toBe(CATALOGUE.length);
  });

  it('overrides only tasks that exist', () => {
    for (const id of Object.keys(PART_OVERRIDES)) expect(catalogueById.has(id), id).toBe(true);
  });

  it('places the tasks as the product describes them', () => {
    const partOf = (id: string) => catalogueById.get(id)?.part;
    expect(partOf('enable-mfa')).toBe('Identity and accounts');
    expect(partOf('enforce-mfa-microsoft-365')).toBe('Identity and accounts');
    expect(partOf('encrypt-disk')).toBe('Devices');
    expect(partOf('secure-office-wifi')).toBe('Devices');
    expect(partOf('email-dmarc')).toBe('E-mail and domain');
    expect(partOf('web-hsts')).toBe('E-mail and domain');
    expect(partOf('phishing-awareness')).toBe('People and process');
    expect(partOf('back-up-data')).toBe('People and process');
  });

  it('has points in every part, adding up to the whole catalogue’s points', () => {
    const { parts, breakdown } = scoreOf(CATALOGUE, 3, new Completions([]));
    const total = CATALOGUE.reduce((sum, t) => sum + RISK_POINTS[t.risk], 0);
    expect(parts.map((p) => p.part)).toEqual([...SCORE_PARTS]);
    for (const p of parts) expect(p.possible, p.part).toBeGreaterThan(0);
    expect(parts.reduce((sum, p) => sum + p.possible, 0)).toBe(total);
    expect(breakdown.reduce((sum, a) => sum + a.possible, 0)).toBe(total);
  });
});
