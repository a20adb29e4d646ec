import { describe, expect, it } from 'vitest';
import { catalogue, entry } from '../../../test/catalogue-entries';
import { catalogueFor, labelsOf, parseTaskId, taskIdOf } from './assignment';
import type { CatalogueTask } from './catalogue/types';

describe('assignment', () => {
  it('labels a task with its category, platforms, priority, risk and scope', () => {
    expect(labelsOf(catalogue[2] as CatalogueTask, 'High')).toEqual([
      'Quick fix',
      'Windows',
      'macOS',
      'High priority',
      'Low risk',
      'Individual',
    ]);
    expect(labelsOf(catalogue[3] as CatalogueTask, 'Low')).toContain('Info');
  });

  it("leaves out the other office suite's tasks once the organisation's is known", () => {
    const suites = [
      entry('gws', { scope: 'Admin', platforms: ['Google'] }),
      entry('gmail', { scope: 'Admin', platforms: ['Gmail', 'Google'] }),
      entry('m365', { scope: 'Admin', platforms: ['Microsoft 365'] }),
      entry('both', { platforms: ['Google', 'Microsoft 365'] }),
      entry('any', {}),
    ];
    const ids = (w: 'google' | 'microsoft' | null) => catalogueFor(suites, w).map((t) => t.id);
    expect(ids(null)).toEqual(['gws', 'gmail', 'm365', 'both', 'any']);
    expect(ids('google')).toEqual(['gws', 'gmail', 'both', 'any']);
    expect(ids('microsoft')).toEqual(['m365', 'both', 'any']);
  });

  it('shows the tasks about a service only once that integration is connected', () => {
    const tasks = [
      entry('aws-root', { scope: 'Admin', onlyWith: ['aws'] }),
      entry('vault', { scope: 'Admin', onlyWith: ['bitwarden', '1password'] }),
      entry('any', {}),
    ];
    const ids = (connected: string[]) => catalogueFor(tasks, 'google', connected).map((t) => t.id);
    expect(ids([])).toEqual(['any']);
    expect(ids(['gws', 'aws'])).toEqual(['aws-root', 'any']);
    expect(ids(['1password'])).toEqual(['vault', 'any']);
  });

  it('reads back the task ids it makes', () => {
    const id = taskIdOf('use-password-manager', '0b9d4f57-5a43-4c53-9d2b-3a1c1f0e8a11');
    expect(parseTaskId(id)).toEqual({
      catalogueId: 'use-password-manager',
      userId: '0b9d4f57-5a43-4c53-9d2b-3a1c1f0e8a11',
    });
  });
});
