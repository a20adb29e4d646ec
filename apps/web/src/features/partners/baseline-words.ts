// A baseline's settings in words: one line for the partner's list, one sentence per setting for
// the client's administrators, with where in the product each is changed.
import type { AppSuite, BaselineSettings } from '@castellan/contract';

export const SUITE_NAMES: Record<AppSuite, string> = {
  google: 'Google Workspace',
  microsoft: 'Microsoft 365',
};

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const onOff = (value: boolean) => (value ? 'on' : 'off');
const sentence = (parts: string[]) => {
  const line = parts.join(', ');
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
};

/** "2 tasks not applicable, weekly reminders on, 1 trusted domain." */
export function baselineSummary(settings: BaselineSettings): string {
  const parts: string[] = [];
  const { notApplicable, weeklyReminders, nudges, escalationOff, trustedDomains, approvedApps } =
    settings;
  if (notApplicable.length > 0) parts.push(`${count(notApplicable.length, 'task')} not applicable`);
  if (weeklyReminders !== null) parts.push(`weekly reminders ${onOff(weeklyReminders)}`);
  if (nudges !== null) parts.push(`nudges ${onOff(nudges)}`);
  if (escalationOff.length > 0) {
    parts.push(`escalation off for ${count(escalationOff.length, 'task')}`);
  }
  if (trustedDomains.length > 0) parts.push(count(trustedDomains.length, 'trusted domain'));
  if (approvedApps.length > 0) parts.push(count(approvedApps.length, 'approved app'));
  return parts.length === 0 ? 'Sets nothing yet.' : sentence(parts);
}

/** Where the client changes a kind of setting. */
export type SettingPlace = 'tasks' | 'notifications' | 'organization' | 'integrations';

export const SETTING_PLACES: Record<SettingPlace, { label: string; to: string }> = {
  tasks: { label: 'Your tasks', to: '/tasks' },
  notifications: { label: 'Settings → Notifications', to: '/settings#notifications' },
  organization: { label: 'Settings → Organisation', to: '/settings#organization' },
  integrations: { label: 'Integrations', to: '/integrations' },
};

export type BaselineEffect = { place: SettingPlace; text: string };

/** Each thing a baseline set, in plain words; `titleOf` names a task by its catalogue id. */
export function baselineEffects(
  settings: BaselineSettings,
  titleOf: (catalogueId: string) => string,
): BaselineEffect[] {
  const effects: BaselineEffect[] = [];
  const { notApplicable, weeklyReminders, nudges, escalationOff, trustedDomains, approvedApps } =
    settings;
  if (notApplicable.length > 0) {
    const tasks = notApplicable.map((n) => `${titleOf(n.catalogueId)} (“${n.reason}”)`);
    effects.push({ place: 'tasks', text: `Marked not applicable: ${tasks.join('; ')}` });
  }
  if (weeklyReminders !== null) {
    effects.push({
      place: 'notifications',
      text: `Weekly task reminders turned ${onOff(weeklyReminders)}`,
    });
  }
  if (nudges !== null) {
    effects.push({
      place: 'notifications',
      text: `Nudges about due tasks turned ${onOff(nudges)}`,
    });
  }
  if (escalationOff.length > 0) {
    effects.push({
      place: 'tasks',
      text: `Not escalated to administrators when overdue: ${escalationOff.map(titleOf).join('; ')}`,
    });
  }
  if (trustedDomains.length > 0) {
    effects.push({
      place: 'organization',
      text: `Trusted domains added: ${trustedDomains.join(', ')}`,
    });
  }
  if (approvedApps.length > 0) {
    const apps = approvedApps.map((a) => `${a.name || a.clientId} (${SUITE_NAMES[a.suite]})`);
    effects.push({ place: 'integrations', text: `Apps approved: ${apps.join('; ')}` });
  }
  return effects;
}
