import type { Baseline, BaselineApplication } from '@castellan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '../../lib/ConfirmHost';
import { fakeApi, noContent, reply } from '../../test/fake-api';
import { anAdmin } from '../../test/fixtures';
import { ACME, BRIGHTWAVE, links, partnerAdmin } from '../../test/partner-links';
import { renderWithApp } from '../../test/render';
import { findToast } from '../../test/toasts';
import PartnerConsolePage from './PartnerConsolePage';
import { PartnersSection } from './PartnersSection';

const BASELINE = '66666666-6666-4666-8666-666666666666';

const tasks = [
  { id: 'mfa', title: 'Turn on two-step verification', scope: 'Individual' },
  { id: 'byod', title: 'Register your own devices', scope: 'Admin' },
  { id: 'backup', title: 'Back up company files', scope: 'Admin' },
];

const standard: Baseline = {
  id: BASELINE,
  name: 'Standard office',
  settings: {
    notApplicable: [{ catalogueId: 'byod', reason: 'Nobody brings their own devices' }],
    weeklyReminders: true,
    nudges: null,
    escalationOff: [],
    trustedDomains: ['itcare.example'],
    approvedApps: [],
  },
  updatedAt: '2026-03-04T09:00:00.000Z',
  appliedTo: [{ domain: 'brightwave.example', at: '2026-03-04T10:00:00.000Z' }],
};

/** The console with its clients and the baselines given; `more` answers other calls. */
function show(baselines: Baseline[], more: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /auth/user-data': reply(partnerAdmin),
    'GET /partner/clients': reply({ links }),
    'GET /partner/baselines': reply({ baselines, tasks }),
    ...more,
  });
  const view = renderWithApp(
    <>
      <PartnerConsolePage />
      <ConfirmHost />
    </>,
    { path: '/partner' },
  );
  return { ...view, api };
}

const section = () => screen.findByRole('region', { name: 'Baselines' });

describe('the Partner console’s baselines', () => {
  it('lists each baseline with what it sets and where it was applied last', async () => {
    show([standard]);
    const item = within(await screen.findByRole('list', { name: 'Baselines' })).getByRole(
      'listitem',
    );
    expect(within(item).getByRole('heading', { name: 'Standard office' })).toBeVisible();
    expect(item).toHaveTextContent('1 task not applicable, weekly reminders on, 1 trusted domain.');
    expect(item).toHaveTextContent('Last applied to brightwave.example (Mar 4, 2026).');
    for (const name of [
      'Apply Standard office to clients',
      'Edit Standard office',
      'Delete Standard office',
    ]) {
      expect(within(item).getByRole('button', { name })).toBeVisible();
    }
  });

  it('says when there is none yet', async () => {
    show([]);
    expect(await within(await section()).findByText('No baselines yet.')).toBeVisible();
  });

  it('checks the new baseline before sending it, then sends what was typed', async () => {
    let saved: Baseline[] = [];
    const { user, api } = show([], {
      'POST /partner/baselines': (call) => {
        const body = call.body as Pick<Baseline, 'name' | 'settings'>;
        const created = { ...standard, ...body, appliedTo: [] };
        saved = [created];
        return reply({ baseline: created }, 201);
      },
      'GET /partner/baselines': () => reply({ baselines: saved, tasks }),
    });
    await user.click(await within(await section()).findByRole('button', { name: 'New baseline' }));
    const dialog = await screen.findByRole('dialog', { name: 'New baseline' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());

    // A task not applicable, whose reason is too short at first.
    const notApplicable = within(dialog).getByRole('group', { name: 'Tasks not applicable' });
    await user.selectOptions(
      within(notApplicable).getByRole('combobox', { name: 'Add a task' }),
      'Turn on two-step verification',
    );
    await user.click(
      within(notApplicable).getByRole('button', { name: 'Add the task as not applicable' }),
    );
    const reason = within(notApplicable).getByRole('textbox', {
      name: 'Reason: Turn on two-step verification',
    });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.type(reason, 'no');

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Weekly task reminders' }),
      'Off',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Nudges about due tasks' }),
      'On',
    );
    const escalation = within(dialog).getByRole('group', { name: 'Tasks with escalation off' });
    await user.selectOptions(
      within(escalation).getByRole('combobox', { name: 'Add a task' }),
      'Back up company files',
    );
    await user.click(
      within(escalation).getByRole('button', { name: 'Add the task with escalation off' }),
    );
    expect(escalation).toHaveTextContent('Back up company files');

    const domains = within(dialog).getByRole('textbox', { name: 'Trusted domains' });
    await user.type(domains, 'gmail.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add an app' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create baseline' }));

    // Nothing is sent; each problem shows at its field, the first to fix has focus.
    expect(api.callsTo('POST /partner/baselines')).toHaveLength(0);
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Give the baseline a name.'));
    expect(name).toHaveFocus();
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining('Give a reason of at least 3 characters.'),
    );
    expect(domains).toHaveAccessibleDescription(
      expect.stringContaining('Consumer email domains like gmail.com are not allowed.'),
    );
    const app = within(dialog).getByRole('group', { name: 'App 1' });
    expect(within(app).getByRole('textbox', { name: 'Client id' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter the app’s client id.'),
    );

    await user.type(name, '  Small clients ');
    await user.type(reason, ' MFA in the suite');
    await user.clear(domains);
    await user.type(domains, 'https://Partner.example/about{Enter}itcare.example{Enter}');
    await user.selectOptions(within(app).getByRole('combobox', { name: 'Suite' }), 'Microsoft 365');
    await user.type(within(app).getByRole('textbox', { name: 'Client id' }), ' abc-123 ');
    await user.type(within(app).getByRole('textbox', { name: 'Name' }), 'Backup tool');
    // A second app left empty is taken away again.
    await user.click(within(dialog).getByRole('button', { name: 'Add an app' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove app 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create baseline' }));

    await findToast('status', 'Small clients created');
    expect(api.callsTo('POST /partner/baselines').map((c) => c.body)).toEqual([
      {
        name: 'Small clients',
        settings: {
          notApplicable: [{ catalogueId: 'mfa', reason: 'no MFA in the suite' }],
          weeklyReminders: false,
          nudges: true,
          escalationOff: ['backup'],
          trustedDomains: ['partner.example', 'itcare.example'],
          approvedApps: [{ suite: 'microsoft', clientId: 'abc-123', name: 'Backup tool' }],
        },
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'New baseline' })).toBeNull();
    expect(
      await within(await section()).findByRole('heading', { name: 'Small clients' }),
    ).toBeVisible();
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    const refusal = 'You already have a baseline called Standard office.';
    const { user, api } = show([standard], {
      'PUT /partner/baselines/66666666-6666-4666-8666-666666666666': reply({ error: refusal }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Standard office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Standard office' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Standard office');
    expect(
      within(dialog).getByRole('textbox', { name: 'Reason: Register your own devices' }),
    ).toHaveValue('Nobody brings their own devices');
    expect(within(dialog).getByRole('combobox', { name: 'Weekly task reminders' })).toHaveValue(
      'on',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Nudges about due tasks' })).toHaveValue(
      'leave',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Trusted domains' })).toHaveValue(
      'itcare.example',
    );

    await user.clear(name);
    await user.type(name, 'Office, renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save baseline' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(name).toHaveValue('Office, renamed');
    expect(api.callsTo(`PUT /partner/baselines/${BASELINE}`)[0]?.body).toEqual({
      name: 'Office, renamed',
      settings: standard.settings,
    });
  });

  it('deletes a baseline once the partner confirms', async () => {
    let baselines = [standard];
    const { user, api } = show([], {
      'GET /partner/baselines': () => reply({ baselines, tasks }),
      'DELETE /partner/baselines/66666666-6666-4666-8666-666666666666': () => {
        baselines = [];
        return noContent();
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Standard office' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Standard office?' });
    expect(confirm).toHaveTextContent('What it set in your clients stays theirs.');
    expect(api.callsTo(`DELETE /partner/baselines/${BASELINE}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await within(await section()).findByText('No baselines yet.')).toBeVisible();
    expect(api.callsTo(`DELETE /partner/baselines/${BASELINE}`)).toHaveLength(1);
    await findToast('status', 'Standard office deleted');
  });

  it('applies a baseline to the clients chosen and says how it went for each', async () => {
    const refused = 'Trusted domains: itcare.example is the organisation’s own domain.';
    const { user, api } = show([standard], {
      'POST /partner/baselines/66666666-6666-4666-8666-666666666666/apply': reply({
        results: [
          { linkId: BRIGHTWAVE, domain: 'brightwave.example', error: null },
          { linkId: ACME, domain: 'acme.example', error: refused },
        ],
      }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Apply Standard office to clients' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Apply Standard office' });
    const clients = within(dialog).getByRole('group', { name: 'Clients' });
    const brightwave = within(clients).getByRole('switch', { name: 'brightwave.example' });
    await waitFor(() => expect(brightwave).toHaveFocus());
    const northwind = within(clients).getByRole('switch', {
      name: 'northwind.example read-only access',
    });
    expect(northwind).toBeDisabled();
    expect(northwind).toHaveAccessibleDescription('read-only access');

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one client.');
    expect(api.callsTo(`POST /partner/baselines/${BASELINE}/apply`)).toHaveLength(0);

    await user.click(
      within(clients).getByRole('switch', { name: 'All the clients you administer' }),
    );
    expect(brightwave).toBeChecked();
    expect(within(clients).getByRole('switch', { name: 'acme.example' })).toBeChecked();
    expect(northwind).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    const heading = await within(dialog).findByRole('heading', {
      name: 'Applied to 1 of 2 clients',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    const results = within(within(dialog).getByRole('list', { name: 'Results' })).getAllByRole(
      'listitem',
    );
    expect(results.map((r) => r.textContent)).toEqual([
      'brightwave.example Applied',
      `acme.example ${refused}`,
    ]);
    expect(api.callsTo(`POST /partner/baselines/${BASELINE}/apply`)[0]?.body).toEqual({
      linkIds: [BRIGHTWAVE, ACME],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Apply Standard office' })).toBeNull();
  });
});

describe('Settings → IT partners: what partners’ baselines set', () => {
  const application: BaselineApplication = {
    id: '77777777-7777-4777-8777-777777777777',
    baselineName: 'Standard office',
    partnerDomain: 'itcare.example',
    appliedBy: 'pat.lee@itcare.example',
    appliedAt: '2026-03-04T10:00:00.000Z',
    settings: {
      notApplicable: [{ catalogueId: 'byod', reason: 'Nobody brings their own devices' }],
      weeklyReminders: true,
      nudges: false,
      escalationOff: ['backup'],
      trustedDomains: ['itcare.example'],
      approvedApps: [{ suite: 'google', clientId: '123.apps', name: 'Backup tool' }],
    },
    taskTitles: { byod: 'Register your own devices', backup: 'Back up company files' },
  };

  const showSection = (applications: BaselineApplication[]) => {
    fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /partners': reply({ links: [] }),
      'GET /partners/baselines': reply({ applications }),
    });
    return renderWithApp(<PartnersSection />, { path: '/settings#partners' });
  };

  it('says what each application set, in plain words, and where to change it', async () => {
    showSection([application]);
    const set = await screen.findByRole('region', { name: 'Set by your partners’ baselines' });
    const item = within(
      within(set).getByRole('list', { name: 'Set by your partners’ baselines' }),
    ).getAllByRole('listitem')[0];
    expect(item).toHaveTextContent('Standard office, from itcare.example');
    expect(item).toHaveTextContent('Applied by pat.lee@itcare.example on Mar 4, 2026');
    for (const words of [
      'Marked not applicable: Register your own devices (“Nobody brings their own devices”)',
      'Weekly task reminders turned on',
      'Nudges about due tasks turned off',
      'Not escalated to administrators when overdue: Back up company files',
      'Trusted domains added: itcare.example',
      'Apps approved: Backup tool (Google Workspace)',
    ]) {
      expect(item).toHaveTextContent(words);
    }
    expect(set).toHaveTextContent('you can change any of them as usual');
    const places = [
      ['Your tasks', '/tasks'],
      ['Settings → Notifications', '/settings#notifications'],
      ['Settings → Organisation', '/settings#organization'],
      ['Integrations', '/integrations'],
    ];
    for (const [name, href] of places) {
      expect(within(set).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('shows nothing when no baseline was applied', async () => {
    showSection([]);
    expect(
      await screen.findByText('No IT partner looks after your organisation yet.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Set by your partners’ baselines' })).toBeNull();
  });
});
