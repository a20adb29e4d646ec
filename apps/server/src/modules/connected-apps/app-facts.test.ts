import { describe, expect, it } from 'vitest';
import { type AppGrant, appsVerdict } from './app-facts';

const G = 'https://www.googleapis.com/auth/';
const app = (name: string, scopes: string[]): AppGrant => ({
  clientId: `${name.toLowerCase().replace(/\W/g, '')}.apps.googleusercontent.com`,
  name,
  publisher: null,
  scopes,
  people: 1,
  everyone: false,
});
const CRM = app('Acme CRM', [`${G}gmail.readonly`, 'openid']);
const BACKUP = app('Vaultline Backup', [`${G}drive.readonly`]);
const SCHEDULER = app('MeetSlot', [`${G}calendar.events`]);
const SIGN_IN = app('Pinboard', ['openid', 'email']);
const TASK = 'review-third-party-apps';

describe('the apps verdict', () => {
  it('fails while an app reaching mail or files is not approved, naming it', () => {
    const read = { state: 'read' as const, apps: [CRM, SCHEDULER, SIGN_IN] };
    expect(appsVerdict(TASK, 'google', read, new Set())).toEqual({
      catalogueId: TASK,
      userId: null,
      verdict: 'fail',
      detail:
        '1 outside app can reach company mail or files in Google Workspace without approval: Acme CRM. Approve it in Castellan, or remove it in the admin console.',
    });
  });

  it('passes once every such app is approved; calendars and sign-in need no approval', () => {
    const read = { state: 'read' as const, apps: [CRM, BACKUP, SCHEDULER, SIGN_IN] };
    const approved = new Set([CRM.clientId, BACKUP.clientId]);
    expect(appsVerdict(TASK, 'google', read, approved)).toEqual({
      catalogueId: TASK,
      userId: null,
      verdict: 'pass',
      detail: null,
    });
    expect(appsVerdict(TASK, 'google', { state: 'read', apps: [] }, new Set())?.verdict).toBe(
      'pass',
    );
  });

  it('names three apps and counts the rest', () => {
    const apps = ['A', 'B', 'C', 'D', 'E'].map((n) => app(`App ${n}`, ['User.Read', 'Files.Read']));
    expect(appsVerdict(TASK, 'microsoft', { state: 'read', apps }, new Set())?.detail).toBe(
      '5 outside apps can reach company mail or files in Microsoft 365 without approval: App A, App B, App C and 2 more. Approve them in Castellan, or remove them in the admin console.',
    );
  });

  it('gives no verdict when the apps are unknown', () => {
    expect(appsVerdict(TASK, 'google', undefined, new Set())).toBeNull();
    expect(
      appsVerdict(TASK, 'google', { state: 'unknown', reason: 'scope-missing' }, new Set()),
    ).toBeNull();
    expect(
      appsVerdict(TASK, 'microsoft', { state: 'unknown', reason: 'refused' }, new Set()),
    ).toBeNull();
  });
});
