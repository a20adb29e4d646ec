import type { UserData } from '@castellan/contract';

/** One part of Settings, with its own address: `/settings#<id>`. */
export type SettingsSection = { id: string; label: string; adminOnly: boolean };

/** Settings' parts in order: the member's own first, then the organisation's (administrators). */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'profile', label: 'Profile', adminOnly: false },
  { id: 'sign-in', label: 'Sign-in and devices', adminOnly: false },
  { id: 'notifications', label: 'Notifications', adminOnly: false },
  { id: 'organization', label: 'Organisation', adminOnly: true },
  { id: 'trust-page', label: 'Trust page', adminOnly: true },
  { id: 'partners', label: 'IT partners', adminOnly: true },
  { id: 'billing', label: 'Billing', adminOnly: true },
];

export const DEFAULT_SECTION = 'profile';

export const sectionsFor = (role: UserData['role']) =>
  SETTINGS_SECTIONS.filter((section) => role === 'admin' || !section.adminOnly);

/**
 * The section an address's hash names, when this user may see it; else the profile (a member
 * opening `#billing`, a mistyped or an empty hash).
 */
export function sectionOf(hash: string, role: UserData['role']): string {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return sectionsFor(role).some((section) => section.id === id) ? id : DEFAULT_SECTION;
}
