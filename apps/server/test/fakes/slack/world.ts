// The fake Slack's workspace: its people (found by e-mail) and channels, with ids in Slack's
// forms (T… workspace, U… person, C… channel, D… direct message, B… bot).
import { seededRandom } from '../kit/random';

export type FakeSlackPerson = {
  id: string;
  email: string;
  name: string;
  /** IANA time zone, as Slack gives it. */
  tz: string;
  /** Deactivated: still found by e-mail, with `deleted: true`. */
  deleted: boolean;
};

export type FakeChannel = { id: string; name: string };

export type FakeWorkspace = {
  id: string;
  name: string;
  /** The workspace's subdomain (`<domain>.slack.com`). */
  domain: string;
  people: FakeSlackPerson[];
  channels: FakeChannel[];
};

export type WorkspaceSeed = {
  id?: string;
  name: string;
  domain?: string;
  people: readonly { email: string; name: string; tz?: string; deleted?: boolean }[];
  /** Channel names; the first is the one the consent page offers first. Default: general, security. */
  channels?: readonly string[];
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A Slack id: `prefix` and 10 characters, the same on every run for the same seed and n. */
export function slackId(prefix: string, seed: number, n: number): string {
  const next = seededRandom(seed * 7919 + n);
  let id = prefix;
  while (id.length < 11) id += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return id;
}

export function buildWorkspace(seed: WorkspaceSeed): FakeWorkspace {
  const teamId = seed.id ?? slackId('T', seed.name.length, 1);
  const salt = [...teamId].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  return {
    id: teamId,
    name: seed.name,
    domain: seed.domain ?? seed.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    people: seed.people.map((p, i) => ({
      id: slackId('U', salt, i),
      email: p.email,
      name: p.name,
      tz: p.tz ?? 'Europe/London',
      deleted: p.deleted ?? false,
    })),
    channels: (seed.channels ?? ['general', 'security']).map((name, i) => ({
      id: slackId('C', salt + 1, i),
      name,
    })),
  };
}

export const DEFAULT_WORKSPACE: WorkspaceSeed = {
  id: 'T0BRIGHTWV1',
  name: 'Brightwave',
  people: [
    { email: 'alice.morgan@brightwave.example', name: 'Alice Morgan' },
    { email: 'ben.carter@brightwave.example', name: 'Ben Carter', tz: 'Europe/Berlin' },
  ],
};
