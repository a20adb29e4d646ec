import { describe, expect, it } from 'vitest';
import { classesOf, describeScope, reachesMailOrFiles } from './app-scopes';

const G = 'https://www.googleapis.com/auth/';

describe('scopes in plain words', () => {
  it('names well-known Google scopes and classes them', () => {
    expect(describeScope('google', `${G}gmail.readonly`)).toEqual({
      scope: `${G}gmail.readonly`,
      words: 'Read all mail',
      class: 'mail',
    });
    expect(describeScope('google', 'https://mail.google.com/').class).toBe('mail');
    expect(describeScope('google', `${G}drive.file`).class).toBe('files');
    expect(describeScope('google', `${G}spreadsheets`).class).toBe('files');
    expect(describeScope('google', `${G}calendar.events`).class).toBe('calendar');
    expect(describeScope('google', `${G}contacts.readonly`).class).toBe('contacts');
    for (const scope of ['openid', 'email', 'profile', `${G}userinfo.email`]) {
      expect(describeScope('google', scope).class, scope).toBe('sign-in');
    }
  });

  it('names Graph permissions whatever their case or prefix', () => {
    expect(describeScope('microsoft', 'Mail.Read')).toEqual({
      scope: 'Mail.Read',
      words: 'Read all mail',
      class: 'mail',
    });
    expect(
      describeScope('microsoft', 'https://graph.microsoft.com/files.readwrite.all').class,
    ).toBe('files');
    expect(describeScope('microsoft', 'Sites.Read.All').class).toBe('files');
    expect(describeScope('microsoft', 'Calendars.ReadWrite').class).toBe('calendar');
    expect(describeScope('microsoft', 'Contacts.Read').class).toBe('contacts');
    expect(describeScope('microsoft', 'User.Read').class).toBe('sign-in');
    expect(describeScope('microsoft', 'offline_access').class).toBe('sign-in');
  });

  it('keeps the family of an unlisted scope and shows it as it is', () => {
    expect(describeScope('google', `${G}gmail.addons.current.message.readonly`)).toEqual({
      scope: `${G}gmail.addons.current.message.readonly`,
      words: `${G}gmail.addons.current.message.readonly`,
      class: 'mail',
    });
    expect(describeScope('microsoft', 'Mail.Future.Thing').class).toBe('mail');
  });

  it('shows an unknown scope as it is, of class other', () => {
    expect(describeScope('google', 'https://www.googleapis.com/auth/tasks')).toEqual({
      scope: 'https://www.googleapis.com/auth/tasks',
      words: 'https://www.googleapis.com/auth/tasks',
      class: 'other',
    });
    expect(describeScope('google', 'urn:something')).toMatchObject({ class: 'other' });
    expect(describeScope('microsoft', 'Tasks.ReadWrite')).toEqual({
      scope: 'Tasks.ReadWrite',
      words: 'Tasks.ReadWrite',
      class: 'other',
    });
  });

  it('lists the classes once, what matters most first', () => {
    const scopes = ['openid', `${G}calendar`, `${G}drive`, 'email', `${G}gmail.send`].map((s) =>
      describeScope('google', s),
    );
    expect(classesOf(scopes)).toEqual(['mail', 'files', 'calendar', 'sign-in']);
  });

  it('tells which grants reach mail or files', () => {
    expect(reachesMailOrFiles('google', ['openid', `${G}calendar.events`])).toBe(false);
    expect(reachesMailOrFiles('google', ['openid', `${G}drive.readonly`])).toBe(true);
    expect(reachesMailOrFiles('microsoft', ['User.Read', 'Calendars.Read'])).toBe(false);
    expect(reachesMailOrFiles('microsoft', ['User.Read', 'Mail.ReadBasic'])).toBe(true);
  });
});
