// Brightwave's Slack workspace, with most of its people in it (Jonas Keller is not, so his
// nudges go by e-mail) and two channels for the daily summary: the fake Slack of `npm run demo`,
// of the browser tests and of `run-fake.ts slack`. Its button presses go to the app at `appUrl`.
// Env (run-fake.ts): SLACK_FAKE_DOMAIN, the people's domain (default brightwave.example).
import { type DemoFake, personAt } from '../kit/demo-fake';
import { TEST_CLIENT } from '../test-client';
import { startFakeSlack, TEST_SIGNING_SECRET } from './fake-slack';

export const slackDemo: DemoFake = {
  defaultPort: 3199,
  async start({ port, appUrl, env = {} }) {
    const domain = (env.SLACK_FAKE_DOMAIN ?? 'brightwave.example').toLowerCase();
    const person = personAt(domain);
    const people: [string, string, string?][] = [
      ['Alice', 'Morgan'],
      ['Ben', 'Carter', 'Europe/Berlin'],
      ['Chloe', 'Davies'],
      ['Daniel', 'Evans'],
      ['Emma', 'Fischer', 'Europe/Paris'],
      ['Farid', 'Ghani'],
      ['Grace', 'Hughes'],
      ['Hiro', 'Ito', 'Asia/Tokyo'],
      ['Isla', 'Jones'],
    ];
    const redirectUri = `${appUrl}/api/slack/install/callback`;
    const slack = await startFakeSlack({
      port,
      appUrl,
      redirectUris: [redirectUri],
      workspace: {
        id: 'T0BRIGHTWV1',
        name: 'Brightwave',
        people: people.map(([given, family, tz]) => ({
          email: person(given, family),
          name: `${given} ${family}`,
          ...(tz ? { tz } : {}),
        })),
        channels: ['security', 'general'],
      },
    });
    return {
      url: slack.url,
      close: slack.close,
      about: [
        `workspace Brightwave: ${people.length} people of ${domain} (not Jonas Keller), channels #security and #general`,
        `app ${TEST_CLIENT.id} / ${TEST_CLIENT.secret}, signing secret ${TEST_SIGNING_SECRET}, redirect ${redirectUri}`,
        `test controls: ${slack.url}/__fake/messages, POST /__fake/press {actionId, value?}, … (see slack/control-api.ts)`,
      ],
    };
  },
  serverEnv: (url) => ({
    SLACK_CLIENT_ID: TEST_CLIENT.id,
    SLACK_CLIENT_SECRET: TEST_CLIENT.secret,
    SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
    SLACK_API_BASE_URL: url,
  }),
};
