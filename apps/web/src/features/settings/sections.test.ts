import { describe, expect, it } from 'vitest';
import { sectionOf, sectionsFor } from './sections';

describe('Settings sections', () => {
  it('shows members their own sections only, administrators the organisation’s too', () => {
    expect(sectionsFor('user').map((s) => s.id)).toEqual(['profile', 'sign-in', 'notifications']);
    expect(sectionsFor('admin').map((s) => s.id)).toEqual([
      'profile',
      'sign-in',
      'notifications',
      'organization',
      'trust-page',
      'partners',
      'billing',
    ]);
  });

  it('reads the section from the hash, falling back to the profile', () => {
    expect(sectionOf('#billing', 'admin')).toBe('billing');
    expect(sectionOf('#billing', 'user')).toBe('profile');
    expect(sectionOf('#notifications', 'user')).toBe('notifications');
    expect(sectionOf('', 'admin')).toBe('profile');
    expect(sectionOf('#nowhere', 'admin')).toBe('profile');
  });
});
