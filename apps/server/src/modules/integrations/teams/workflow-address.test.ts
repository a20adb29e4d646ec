import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { teamsAddressesOf } from './workflow-address';

const real = loadConfig({});
const local = loadConfig({ TEAMS_API_BASE_URL: 'http://127.0.0.1:3200/' });

const LOGIC =
  'https://prod-42.westeurope.logic.azure.com:443/workflows/0a1b2c3d/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=test-signature';
const PLATFORM =
  'https://default0a1b2c3d.04.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/9f8e/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=test-signature';
const CONNECTOR = 'https://brightwave.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d';

const problem = (config: typeof real, channelWebhook: string, directWebhook?: string) => {
  const got = teamsAddressesOf(config, {
    channelWebhook,
    ...(directWebhook ? { directWebhook } : {}),
  });
  return typeof got === 'string' ? got : null;
};

describe('teamsAddressesOf', () => {
  it('accepts the workflow hosts of Logic Apps and Power Platform, and the legacy connector', () => {
    for (const address of [
      LOGIC,
      PLATFORM,
      CONNECTOR,
      'https://outlook.office.com/webhook/a@b/IncomingWebhook/c/d',
    ]) {
      expect(problem(real, address), address).toBeNull();
    }
    expect(teamsAddressesOf(real, { channelWebhook: LOGIC, directWebhook: PLATFORM })).toEqual({
      channel: new URL(LOGIC),
      direct: new URL(PLATFORM),
    });
    expect(teamsAddressesOf(real, { channelWebhook: LOGIC })).toEqual({
      channel: new URL(LOGIC),
      direct: null,
    });
  });

  it('refuses any other host, plain http, another port and credentials in the address', () => {
    const cases: [string, RegExp][] = [
      ['https://hooks.example.com/workflows/x', /not the address of a Teams workflow/],
      [
        'https://logic.azure.com.attacker.example/workflows/x',
        /not the address of a Teams workflow/,
      ],
      ['https://logic.azure.com/workflows/x', /not the address of a Teams workflow/],
      ['https://attacker.example/?.logic.azure.com', /not the address of a Teams workflow/],
      [LOGIC.replace('https:', 'http:'), /use the https:\/\/ address/],
      [LOGIC.replace(':443', ':8443'), /use the https:\/\/ address/],
      [LOGIC.replace('https://', 'https://user:pw@'), /not the address of a Teams workflow/],
      ['http://127.0.0.1:3200/workflows/x', /not the address of a Teams workflow/],
      ['not an address', /paste the whole address/],
    ];
    for (const [address, message] of cases) {
      expect(problem(real, address), address).toMatch(message);
      expect(problem(real, address)).toMatch(/^Channel workflow address: /);
    }
  });

  it('with TEAMS_API_BASE_URL, accepts only addresses under that origin', () => {
    expect(
      problem(local, 'http://127.0.0.1:3200/workflows/x/triggers/manual/paths/invoke'),
    ).toBeNull();
    expect(problem(local, LOGIC)).toMatch(
      /only accepts workflow addresses under http:\/\/127\.0\.0\.1:3200/,
    );
    expect(problem(local, 'http://127.0.0.1:3201/workflows/x')).toMatch(/only accepts/);
  });

  it('refuses a direct-message address that is the channel’s, or a connector', () => {
    const sameWorkflow = LOGIC.replace('prod-42.westeurope', 'prod-07.northeurope').replace(
      'sig=test-signature',
      'sig=other',
    );
    expect(problem(real, LOGIC, sameWorkflow)).toMatch(/this is the channel’s address/);
    expect(problem(real, LOGIC, LOGIC)).toMatch(
      /^Direct message workflow address \(optional\): this is the channel’s address/,
    );
    expect(problem(real, LOGIC, CONNECTOR)).toMatch(
      /Incoming Webhook connector, which can only post to its channel/,
    );
    expect(problem(real, LOGIC, 'https://hooks.example.com/x')).toMatch(
      /^Direct message workflow address \(optional\): this is not/,
    );
  });
});
