import { describe, expect, it } from 'vitest';
import { displayName, invitationText, resendBlockedUntil, signInText } from './member-display';

describe('member display', () => {
  it('names a member by first and last name, or by e-mail before their first sign-in', () => {
    expect(displayName({ firstName: 'Ben', lastName: 'Carter', email: 'b@x.example' })).toBe(
      'Ben Carter',
    );
    expect(displayName({ firstName: '', lastName: '', email: 'new@x.example' })).toBe(
      'new@x.example',
    );
  });

  it('shows the last sign-in date with the app’s date format', () => {
    expect(signInText({ lastSignInAt: '2025-03-04T12:00:00.000Z' })).toBe(
      'Last sign-in Mar 4, 2025',
    );
    expect(signInText({ lastSignInAt: null })).toBe('Not signed in yet');
  });

  it('says when the invitation went out, and allows another one an hour later', () => {
    const invitedAt = '2025-03-04T12:00:00.000Z';
    expect(invitationText({ invitedAt })).toMatch(/^Invitation sent Mar 4, 2025, \d/);
    expect(invitationText({ invitedAt: null })).toBe('No invitation e-mail sent');
    const sent = Date.parse(invitedAt);
    expect(resendBlockedUntil({ invitedAt }, sent + 59 * 60_000)).toEqual(
      new Date(sent + 60 * 60_000),
    );
    expect(resendBlockedUntil({ invitedAt }, sent + 60 * 60_000)).toBeNull();
    expect(resendBlockedUntil({ invitedAt: null })).toBeNull();
  });
});
