import {
  AUTOMATION_KINDS,
  SEVERITIES,
  TASK_CATEGORIES,
  TASK_PLATFORMS,
  TASK_SCOPES,
  type TaskScope,
} from '@castellan/contract/vocabulary';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, catalogueById } from './index';

/** Ids other parts of the product link to, with the scope each must have. */
const REQUIRED: Record<string, TaskScope> = {
  'enable-mfa': 'Individual',
  'enforce-mfa-google-workspace': 'Admin',
  'enforce-mfa-microsoft-365': 'Admin',
  'use-password-manager': 'Individual',
  'encrypt-disk': 'Individual',
  'screen-lock': 'Individual',
  'update-operating-system': 'Individual',
  'update-browser': 'Individual',
  'enable-firewall': 'Individual',
  'back-up-data': 'Admin',
  'test-backup-restore': 'Admin',
  'limit-super-admins': 'Admin',
  'separate-admin-accounts': 'Admin',
  'remove-stale-accounts': 'Admin',
  'email-spf': 'Admin',
  'email-dkim': 'Admin',
  'email-dmarc': 'Admin',
  'email-mta-sts': 'Admin',
  'email-tls-rpt': 'Admin',
  'dns-dnssec': 'Admin',
  'dns-caa': 'Admin',
  'web-https-redirect': 'Admin',
  'web-hsts': 'Admin',
  'web-security-headers': 'Admin',
  'web-security-txt': 'Admin',
  'web-tls-certificate': 'Admin',
  'phishing-awareness': 'Individual',
  'restrict-external-sharing': 'Admin',
  'protect-social-media-accounts': 'Admin',
  'meta-business-mfa': 'Admin',
  'incident-contacts': 'Admin',
};

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SAFEGUARD = /^(\d{1,2})\.\d{1,2}$/;

const isFilled = (text: string) => text.trim().length > 0;
const isDistinct = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('task catalogue', () => {
  it('has at least 40 tasks with unique kebab-case ids', () => {
    const ids = CATALOGUE.map((task) => task.id);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    expect(isDistinct(ids)).toBe(true);
    expect(ids.filter((id) => !KEBAB_CASE.test(id))).toEqual([]);
    expect(catalogueById.size).toBe(ids.length);
  });

  it('has both individual and admin tasks', () => {
    expect(new Set(CATALOGUE.map((task) => task.scope))).toEqual(new Set(TASK_SCOPES));
  });

  it.each(Object.entries(REQUIRED))('has %s (%s)', (id, scope) => {
    expect(catalogueById.get(id)?.scope).toBe(scope);
  });

  it.each(CATALOGUE.map((task) => [task.id, task] as const))('%s is complete', (_, task) => {
    expect(task.version).toBeGreaterThanOrEqual(1);
    expect([task.title, task.summary, task.why].every(isFilled)).toBe(true);
    expect(TASK_CATEGORIES).toContain(task.category);
    expect(TASK_SCOPES).toContain(task.scope);
    expect(Number.isInteger(task.minutes)).toBe(true);
    expect(task.minutes).toBeGreaterThanOrEqual(1);
    expect(task.minutes).toBeLessThanOrEqual(480);
    expect(SEVERITIES).toContain(task.risk);
    expect(AUTOMATION_KINDS).toContain(task.automation);

    expect(isDistinct(task.platforms)).toBe(true);
    for (const platform of task.platforms) expect(TASK_PLATFORMS).toContain(platform);

    expect(task.instructions.length).toBeGreaterThanOrEqual(1);
    for (const { steps } of task.instructions) {
      expect(steps.length).toBeGreaterThanOrEqual(1);
      expect(steps.every(isFilled)).toBe(true);
    }
    const instructionPlatforms = task.instructions.map((entry) => entry.platform);
    if (instructionPlatforms.includes(null)) {
      expect(instructionPlatforms).toEqual([null]);
    } else {
      expect(isDistinct(instructionPlatforms)).toBe(true);
      for (const platform of instructionPlatforms) expect(task.platforms).toContain(platform);
    }

    expect(task.cisSafeguards.length).toBeGreaterThanOrEqual(1);
    expect(isDistinct(task.cisSafeguards)).toBe(true);
    for (const safeguard of task.cisSafeguards) {
      const control = Number(SAFEGUARD.exec(safeguard)?.[1]);
      expect(control, safeguard).toBeGreaterThanOrEqual(1);
      expect(control, safeguard).toBeLessThanOrEqual(18);
    }
  });
});
