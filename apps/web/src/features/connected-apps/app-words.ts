import type { AppSuite, ConnectedApp, ScopeClass } from '@castellan/contract';

export const SUITE_NAMES: Record<AppSuite, string> = {
  google: 'Google Workspace',
  microsoft: 'Microsoft 365',
};

/** The suite's short name, as its admin pages call themselves. */
export const SUITE_OWNERS: Record<AppSuite, string> = { google: 'Google', microsoft: 'Microsoft' };

export const CLASS_WORDS: Record<ScopeClass, string> = {
  mail: 'Mail',
  files: 'Files',
  calendar: 'Calendar',
  contacts: 'Contacts',
  'sign-in': 'Sign-in only',
  other: 'Other',
};

/** Who granted it, in words. */
export const peopleOf = (app: Pick<ConnectedApp, 'people' | 'everyone'>) =>
  app.everyone
    ? 'Everyone (an administrator consented)'
    : `${app.people} ${app.people === 1 ? 'person' : 'people'}`;

/** What the list says of its last use: only a suite that reports it is believed. */
export const lastUsedOf = (app: Pick<ConnectedApp, 'lastUsedAt' | 'suite'>) =>
  app.lastUsedAt ? null : `Last use not reported by ${SUITE_OWNERS[app.suite]}`;
