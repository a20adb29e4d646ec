// Every check a source of evidence runs names the catalogue task that fixes what it finds, and
// every task the catalogue says a source can check is named by one.
import { AGENT_CHECKS, type EvidenceSource, PROVIDER_IDS } from '@castellan/contract';
import { CHECKS } from '@castellan/scanner';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../integrations/providers';
import { PRACTICE_TASK } from '../phishing/judge';
import { CATALOGUE, catalogueById } from './catalogue';

type CheckTasks = Readonly<Record<string, readonly string[]>>;

const tasksOf = <T>(checks: Record<string, T>, tasks: (check: T) => readonly string[]) =>
  Object.fromEntries(Object.entries(checks).map(([id, check]) => [id, tasks(check)]));
const one = (taskId: string) => [taskId];

/** Each source's checks → the tasks its verdicts decide, in one shape. */
const SOURCES = {
  'domain-scan': tasksOf(CHECKS, (c) => (c.taskId ? [c.taskId] : [])),
  ...Object.fromEntries(
    PROVIDER_IDS.map((id) => [
      id,
      Object.fromEntries(ADAPTERS[id].checks.map((c) => [c.key, one(c.task)])),
    ]),
  ),
  agent: tasksOf(AGENT_CHECKS, (c) => c.tasks),
  'phishing-practice': { 'practice-results': [PRACTICE_TASK] },
} as unknown as Record<EvidenceSource, CheckTasks>;

/**
 * Checks whose findings no catalogue task fixes yet, each with the task proposed for it. Only
 * these may name no task: a new check without one fails, and so does one here that gains a task.
 */
const WITHOUT_TASK: Partial<Record<EvidenceSource, readonly string[]>> = {};

/**
 * Automatable tasks no source checks yet. A new automatable task fails until a source names it
 * or it is listed here with the reason.
 */
const NOT_CHECKED_YET: ReadonlySet<string> = new Set([
  // Google Workspace and Microsoft 365 data the syncs do not read yet.
  'separate-admin-accounts',
  'phishing-resistant-mfa-for-admins',
  'manage-mobile-devices',
  'gmail-safety-settings',
  'microsoft-365-email-protection',
  'external-sender-warning',
  // The registrar's lock and expiry are in the registry (RDAP), which the scan does not read.
  'protect-domain-registration',
  // The agent does not read the DNS resolver, cloud-sync clients, app auto-update settings or
  // browser extensions yet.
  'dns-filtering',
  'store-files-in-cloud',
  'auto-update-apps',
  'review-browser-extensions',
]);

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const checks = Object.entries(SOURCES).flatMap(([source, table]) =>
  Object.entries(table).map(([check, tasks]) => ({ source, check, tasks })),
);
const named = (sources: readonly string[]) =>
  new Set(checks.filter((c) => sources.includes(c.source)).flatMap((c) => c.tasks));

describe('the sources of task evidence', () => {
  it.each(checks)('$source check $check names catalogue tasks', ({ source, check, tasks }) => {
    const exempt = WITHOUT_TASK[source as EvidenceSource]?.includes(check) ?? false;
    if (exempt) expect(tasks, `${source} check "${check}" is listed without a task`).toEqual([]);
    else expect(tasks.length, `${source} check "${check}" names no task`).toBeGreaterThan(0);
    for (const taskId of tasks) {
      expect(catalogueById.has(taskId), `${source} check "${check}" names "${taskId}"`).toBe(true);
    }
  });

  it('names checks and tasks alike in every source', () => {
    for (const { source, check, tasks } of checks) {
      expect(check, `${source} check id`).toMatch(KEBAB);
      for (const taskId of tasks) expect(taskId, `${source} check "${check}"`).toMatch(KEBAB);
    }
    for (const a of checks) {
      for (const b of checks.filter((c) => c.check === a.check && c.source !== a.source)) {
        expect([...b.tasks].sort(), `"${a.check}" in ${a.source} and ${b.source}`).toEqual(
          [...a.tasks].sort(),
        );
      }
    }
  });

  it('lists only real checks as without a task', () => {
    for (const [source, ids] of Object.entries(WITHOUT_TASK)) {
      for (const id of ids) expect(SOURCES[source as EvidenceSource], source).toHaveProperty([id]);
    }
  });

  it('checks every automatable task, by a source of its kind, or says why not', () => {
    const backend = named(['domain-scan', ...PROVIDER_IDS, 'phishing-practice']);
    const agent = named(['agent']);
    const unchecked = CATALOGUE.filter(
      (t) =>
        (t.automation === 'AutomatableBackend' && !backend.has(t.id)) ||
        (t.automation === 'AutomatableAgent' && !agent.has(t.id)),
    ).map((t) => t.id);
    expect(unchecked.sort()).toEqual([...NOT_CHECKED_YET].sort());
  });
});
