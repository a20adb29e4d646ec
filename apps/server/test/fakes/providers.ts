// The fake of every provider Castellan connects to, one line each, keyed by the contract's
// provider ids: `npm run demo` and the browser tests (demo-fakes.ts) and run-fake.ts start them
// from here. A new provider's fake is its folder with a demo-world.ts, and its line below.
import type { ProviderId } from '@castellan/contract';
import { awsDemo } from './aws/demo-world';
import { bitwardenDemo } from './bitwarden/demo-world';
import { googleDemo } from './google/demo-world';
import type { DemoFake } from './kit/demo-fake';
import { metaDemo } from './meta/demo-world';
import { microsoftDemo } from './microsoft/demo-world';
import { slackDemo } from './slack/demo-world';
import { teamsDemo } from './teams/demo-world';

export const PROVIDER_FAKES: Readonly<Record<ProviderId, DemoFake>> = {
  gws: googleDemo,
  m365: microsoftDemo,
  meta: metaDemo,
  aws: awsDemo,
  bitwarden: bitwardenDemo,
  slack: slackDemo,
  teams: teamsDemo,
};
