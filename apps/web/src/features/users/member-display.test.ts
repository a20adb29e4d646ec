import { describe, expect, it } from 'vitest';
import { displayName, signInText } from './member-display';

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
});
