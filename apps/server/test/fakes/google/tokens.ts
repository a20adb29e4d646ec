// Directory tokens.list: the OAuth grants one user gave to outside apps
// (integrations-reference-2 §2.3). Unpaged; `userKey` is the primary e-mail or the user's id.
import { createHash } from 'node:crypto';
import { json } from '../kit/answers';
import { errorAnswer } from '../kit/errors';
import { type ApiEndpoint, AUTH } from './api-endpoint';
import type { FakeToken, FakeUser } from './world-types';

/** One grant of a person to an app, as a test or demo world names it. */
export type TokenSeed = {
  email: string;
  clientId: string;
  displayText: string;
  scopes: string[];
  nativeApp?: boolean;
  anonymous?: boolean;
};

const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/** The tokens of each user (by id) the seeds name; a seed of an unknown user is a mistake. */
export function tokensOf(seeds: readonly TokenSeed[], users: readonly FakeUser[]) {
  const tokens: Record<string, FakeToken[]> = {};
  const byEmail = new Map(users.map((u) => [u.primaryEmail, u]));
  for (const seed of seeds) {
    const user = byEmail.get(seed.email.toLowerCase());
    if (!user) throw new Error(`a token of an unknown user ${seed.email}`);
    const own = tokens[user.id] ?? [];
    tokens[user.id] = own;
    own.push({
      kind: 'admin#directory#token',
      etag: etagOf(`token:${user.id}:${seed.clientId}`),
      clientId: seed.clientId,
      displayText: seed.displayText,
      anonymous: seed.anonymous ?? false,
      nativeApp: seed.nativeApp ?? false,
      userKey: user.id,
      scopes: seed.scopes,
    });
  }
  return tokens;
}

/** Google's answer for a userKey naming nobody. */
const userNotFound = () => {
  const message = 'Resource Not Found: userKey';
  return errorAnswer(404, {
    error: { code: 404, message, errors: [{ message, domain: 'global', reason: 'notFound' }] },
  });
};

export const tokensList: ApiEndpoint = {
  pattern: /^\/admin\/directory\/v1\/users\/(?<userKey>[^/]+)\/tokens$/,
  api: 'directory',
  service: 'admin.googleapis.com',
  scopes: [`${AUTH}admin.directory.user.security`],
  schema: {
    kind: true,
    etag: true,
    items: {
      kind: true,
      etag: true,
      clientId: true,
      displayText: true,
      anonymous: true,
      nativeApp: true,
      userKey: true,
      scopes: true,
    },
  },
  handle({ params, world }) {
    const key = (params.userKey ?? '').toLowerCase();
    const user = world.users.find((u) => u.primaryEmail === key || u.id === key);
    if (!user) return userNotFound();
    const items = world.tokens?.[user.id] ?? [];
    return json(200, {
      kind: 'admin#directory#tokenList',
      etag: etagOf(`tokens:${user.id}:${items.length}`),
      // A user without grants gets no `items` [reference: MEM].
      ...(items.length > 0 ? { items } : {}),
    });
  },
};
