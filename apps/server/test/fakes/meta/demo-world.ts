// Brightwave's two Meta businesses, one without the two-factor requirement and one person without
// it, enough for paging at limit=1 too: the fake Meta of `npm run demo`, of the browser tests and
// of `run-fake.ts meta`.
import type { DemoFake } from '../kit/demo-fake';
import { TEST_CLIENT } from '../test-client';
import { startFakeMeta } from './fake-meta';

export const metaDemo: DemoFake = {
  defaultPort: 3195,
  async start({ port, appUrl }) {
    const redirectUri = `${appUrl}/api/facebook/callback`;
    const meta = await startFakeMeta({
      port,
      person: { id: '10215241773831025', name: 'Alice Morgan' },
      redirectUris: [redirectUri],
      businesses: [
        {
          name: 'Brightwave Studio',
          twoFactorType: 'none',
          users: [
            { name: 'Alice Morgan', role: 'ADMIN', twoFacStatus: 'enabled' },
            { name: 'Ben Carter', role: 'EMPLOYEE', twoFacStatus: 'enabled' },
            { name: 'Chloe Davies', role: 'EMPLOYEE', twoFacStatus: 'disabled' },
            {
              name: 'Priya Shah',
              email: 'priya@northlight-agency.example',
              role: 'EMPLOYEE',
              twoFacStatus: 'enabled',
            },
          ],
        },
        {
          name: 'Brightwave Shop',
          twoFactorType: 'all_required',
          users: [
            { name: 'Alice Morgan', role: 'ADMIN', twoFacStatus: 'enabled' },
            { name: 'Ben Carter', role: 'EMPLOYEE', twoFacStatus: 'enabled' },
          ],
        },
      ],
    });
    return {
      url: meta.url,
      close: meta.close,
      about: [
        'signed in as Alice Morgan, 2 businesses',
        `app ${TEST_CLIENT.id} / ${TEST_CLIENT.secret}, redirect ${redirectUri}`,
        `test controls: ${meta.url}/__fake/businesses, /__fake/requests, … (see meta/control-api.ts)`,
      ],
    };
  },
  serverEnv: (url) => ({
    META_APP_ID: TEST_CLIENT.id,
    META_APP_SECRET: TEST_CLIENT.secret,
    META_API_BASE_URL: url,
  }),
};
