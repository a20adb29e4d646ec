import type { Task } from '@castellan/contract';
import type { Severity } from '@castellan/contract/vocabulary';

/** The risk as its label reads ("High risk"; "Info" stays as it is). */
export const riskText = (risk: Severity) => (risk === 'Info' ? 'Info' : `${risk} risk`);

export const priorityText = (priority: Task['priority']) => `${priority} priority`;

export const RISK_COLORS: Record<Severity, string> = {
  Critical: 'red',
  High: 'orange',
  Medium: 'yellow',
  Low: 'blue',
  Info: 'gray',
};

export const PRIORITY_COLORS: Record<Task['priority'], string> = {
  High: 'grape',
  Medium: 'indigo',
  Low: 'gray',
};
