// Cloud Identity Policy API policies.list (integrations-reference §1.4). `pageSize` above 100 is
// coerced to 100. With a minimum gap set (a rate limit of one page per gap), a request that comes
// sooner than that after the last answered one gets 429 RESOURCE_EXHAUSTED, as Google does to
// back-to-back page requests; Google sends no Retry-After with it.
import { json } from '../kit/answers';
import type { RateLimiter } from '../kit/rate-limit';
import { type ApiEndpoint, type ApiRequest, AUTH } from './api-endpoint';
import { badRequest, notAdmin, rateLimited } from './google-errors';
import { nextPageToken, tokenPage } from './page-token';
import type { FakePolicy } from './world-types';

const SERVICE = 'cloudidentity.googleapis.com';

type PolicyFilter = (p: FakePolicy) => boolean;

/** `setting.type.matches('re') && customer == "customers/x"`; null when it is not that. */
function parseFilter(text: string, customerId: string): PolicyFilter[] | 'other-customer' | null {
  if (!text.trim()) return [];
  const filters: PolicyFilter[] = [];
  let settings = 0;
  let customers = 0;
  for (const clause of text.split('&&').map((c) => c.trim())) {
    const matches = /^setting\.type\.matches\((['"])(.*)\1\)$/.exec(clause);
    const customer = /^customer\s*==\s*(['"])customers\/([^'"]+)\1$/.exec(clause);
    if (matches) {
      settings += 1;
      let re: RegExp;
      try {
        re = new RegExp(matches[2] ?? '');
      } catch {
        return null;
      }
      filters.push((p) => re.test(p.setting.type));
    } else if (customer) {
      customers += 1;
      if (customer[2] !== 'my_customer' && customer[2] !== customerId) return 'other-customer';
    } else {
      return null;
    }
  }
  return settings > 1 || customers > 1 ? null : filters;
}

export const PACING_KEY = 'policies.list';

export function policiesList(pacing: RateLimiter): ApiEndpoint {
  return {
    pattern: /^\/v1\/policies$/,
    api: 'cloud',
    service: SERVICE,
    scopes: [`${AUTH}cloud-identity.policies.readonly`, `${AUTH}cloud-identity.policies`],
    schema: {
      nextPageToken: true,
      policies: {
        name: true,
        customer: true,
        type: true,
        policyQuery: { orgUnit: true, group: true, query: true, sortOrder: true },
        setting: { type: true, value: true },
      },
    },
    handle({ query, world }: ApiRequest) {
      if (pacing.retryAfter(PACING_KEY) !== null) return rateLimited('cloud', SERVICE);
      const rawSize = query.get('pageSize');
      let size = 50;
      if (rawSize !== null && rawSize !== '') {
        if (!/^\d+$/.test(rawSize)) return badRequest('cloud', `Invalid page size: ${rawSize}`);
        size = Math.min(Math.max(Number(rawSize), 1), 100);
      }
      const filters = parseFilter(query.get('filter') ?? '', world.customerId);
      if (filters === null) return badRequest('cloud', 'Invalid filter.');
      if (filters === 'other-customer') return notAdmin('cloud');
      const matching = world.policies.filter((p) => filters.every((f) => f(p)));
      const page = tokenPage(matching, query, size, ['filter']);
      if (!page) return badRequest('cloud', 'Invalid page token.');
      pacing.count(PACING_KEY);
      return json(200, {
        ...(page.items.length > 0 ? { policies: page.items } : {}),
        ...nextPageToken(page),
      });
    },
  };
}
