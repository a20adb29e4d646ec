// What the fakes list (fakes/providers.ts) holds of each provider: how to start its fake with the
// demo organisation's world, and how to point the app at it.
import type { Listening } from './listen';

export type StartedDemoFake = Listening & {
  /** What run-fake.ts prints under the fake's address: whom to sign in as, its controls. */
  about: string[];
};

export type DemoFake = {
  /** Where it listens when run alone (run-fake.ts) without FAKE_PORT. */
  defaultPort: number;
  /**
   * Starts it with its demo world, allowing the callbacks of the app at `appUrl`. `env` (given by
   * run-fake.ts) may change that world, as the provider's demo-world.ts says.
   */
  start(options: {
    port?: number;
    appUrl: string;
    env?: NodeJS.ProcessEnv;
  }): Promise<StartedDemoFake>;
  /** The server's settings that point it at the fake listening at `url`. */
  serverEnv(url: string): Record<string, string>;
};

const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** The demo address of a person at `domain`: `given.family@domain`. */
export const personAt = (domain: string) => (given: string, family: string) =>
  `${given}.${family}@${domain}`.toLowerCase();
