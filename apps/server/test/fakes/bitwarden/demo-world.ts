// Brightwave's Bitwarden organisation, with the cases the product reports on (two-step login off
// for some, an invitation not accepted, a member not yet confirmed, one revoked, the two-step
// policy off and a master-password policy on): the fake Bitwarden of `npm run demo`, of the
// browser tests and of `run-fake.ts bitwarden`.
// Env (run-fake.ts): BITWARDEN_FAKE_DOMAIN, the members' domain (default brightwave.example).
import { type DemoFake, personAt } from '../kit/demo-fake';
import { startFakeBitwarden } from './fake-bitwarden';
import { POLICY_TYPE } from './world';

export const bitwardenDemo: DemoFake = {
  defaultPort: 3197,
  async start({ port, env = {} }) {
    const domain = (env.BITWARDEN_FAKE_DOMAIN ?? 'brightwave.example').toLowerCase();
    const person = personAt(domain);
    const bitwarden = await startFakeBitwarden({
      port,
      organization: {
        id: '6b1d9f3a-2c47-4e8b-a5d0-7f3e91c2b864',
        clientSecret: 'Brightwave7demo3Key9Kq2Xw5Vt8n',
        members: [
          {
            email: person('Alice', 'Morgan'),
            name: 'Alice Morgan',
            type: 'owner',
            twoFactorEnabled: true,
          },
          {
            email: person('Ben', 'Carter'),
            name: 'Ben Carter',
            type: 'admin',
            twoFactorEnabled: true,
          },
          { email: person('Chloe', 'Davies'), name: 'Chloe Davies' },
          { email: person('Daniel', 'Evans'), name: 'Daniel Evans', status: 'accepted' },
          { email: person('Emma', 'Fischer'), status: 'invited' },
          { email: person('Grace', 'Hughes'), name: 'Grace Hughes', twoFactorEnabled: true },
          { email: person('Hiro', 'Ito'), name: 'Hiro Ito', status: 'revoked' },
          { email: person('Isla', 'Jones'), name: 'Isla Jones' },
        ],
        policies: [
          { type: POLICY_TYPE.twoFactorAuthentication, enabled: false },
          {
            type: POLICY_TYPE.masterPassword,
            enabled: true,
            data: {
              minComplexity: 3,
              minLength: 14,
              requireUpper: false,
              requireLower: false,
              requireNumbers: false,
              requireSpecial: false,
              enforceOnLogin: true,
            },
          },
          { type: POLICY_TYPE.singleOrg, enabled: true },
        ],
      },
    });
    const { clientId, clientSecret } = bitwarden.key;
    return {
      url: bitwarden.url,
      close: bitwarden.close,
      about: [
        `organisation Brightwave (${domain}), 8 members, two-step login not required`,
        `API key to paste: client_id ${clientId}, client_secret ${clientSecret}, cloud US or EU`,
        `test controls: ${bitwarden.url}/__fake/organization, /__fake/requests, … (see bitwarden/control-api.ts)`,
      ],
    };
  },
  serverEnv: (url) => ({ BITWARDEN_API_BASE_URL: url }),
};
