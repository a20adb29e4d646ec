// Brightwave's Teams: a channel's workflow, a direct-message workflow that reaches the demo's
// people, and a legacy connector: the fake Teams of `npm run demo`, of the browser tests and of
// `run-fake.ts teams`. It prints the addresses to paste in the connect form.
// Env (run-fake.ts): TEAMS_FAKE_DOMAIN, the people's domain (default brightwave.example).
import { type DemoFake, personAt } from '../kit/demo-fake';
import { startFakeTeams } from './fake-teams';

export const teamsDemo: DemoFake = {
  defaultPort: 3200,
  async start({ port, env = {} }) {
    const domain = (env.TEAMS_FAKE_DOMAIN ?? 'brightwave.example').toLowerCase();
    const person = personAt(domain);
    const teams = await startFakeTeams({
      ...(port === undefined ? {} : { port }),
      people: [
        person('Alice', 'Morgan'),
        person('Ben', 'Carter'),
        person('Chloe', 'Davies'),
        person('Daniel', 'Evans'),
        person('Grace', 'Hughes'),
        person('Isla', 'Jones'),
      ],
    });
    return {
      url: teams.url,
      close: teams.close,
      about: [
        `channel workflow address to paste: ${teams.addresses.channel}`,
        `direct message workflow address (optional): ${teams.addresses.direct}`,
        `a legacy connector's address, for the channel instead: ${teams.addresses.connector}`,
        `what was posted: ${teams.url}/__fake/posts; other controls in teams/control-api.ts`,
      ],
    };
  },
  serverEnv: (url) => ({ TEAMS_API_BASE_URL: url }),
};
