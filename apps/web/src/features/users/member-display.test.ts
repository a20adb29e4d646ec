import { describe, expect, it } from 'vitest';
import {
  displayName,
  invitationAction,
  invitationText,
  memberState,
  resendBlockedUntil,
  signInText,
  stateDetails,
} from './member-display';

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

  it('puts a member in one of three states, each with its details and invitation action', () => {
    const active = { status: 'active', invitedAt: null, lastSignInAt: '2025-03-04T12:00:00.000Z' };
    const invited = {
      status: 'invited',
      invitedAt: '2025-03-04T12:00:00.000Z',
      lastSignInAt: null,
    };
    const notInvited = { status: 'invited', invitedAt: null, lastSignInAt: null };
    expect(memberState(active as never)).toBe('active');
    expect(memberState(invited as never)).toBe('invited');
    expect(memberState(notInvited as never)).toBe('notInvited');
    expect(stateDetails(active as never)).toBe('Last sign-in Mar 4, 2025');
    expect(stateDetails(invited as never)).toMatch(
      /^Invitation sent Mar 4, 2025, .+\. Not signed in yet\.$/,
    );
    expect(stateDetails(notInvited as never)).toBe('No invitation e-mail sent. Not signed in yet.');
    expect(invitationAction(active as never)).toBeNull();
    expect(invitationAction(invited as never)).toBe('Resend invitation');
    expect(invitationAction(notInvited as never)).toBe('Send invitation');
  });
});
