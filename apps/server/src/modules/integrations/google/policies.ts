// Cloud Identity Policy API reads (integrations-reference §1.4), paged like ScubaGoggles: no
// filter, and a pause between pages.
import { z } from 'zod';
import type { GoogleApi } from './google-api';
import { parsePage } from './parse-page';

const policiesPage = z.object({
  policies: z
    .array(
      z.object({
        policyQuery: z
          .object({
            orgUnit: z.string().optional(),
            group: z.string().optional(),
            sortOrder: z.number().optional(),
          })
          .optional(),
        setting: z.object({
          type: z.string(),
          value: z.record(z.string(), z.unknown()).optional(),
        }),
      }),
    )
    .optional(),
});

export type PolicyRecord = {
  /** The org unit's id (from `orgUnits/<id>`), or null for a policy of a group or the customer. */
  orgUnit: string | null;
  group: string | null;
  sortOrder: number;
  /** `settings/…` */
  settingType: string;
  value: Record<string, unknown>;
};

const POLICIES_PER_PAGE = 100;

export async function* listPolicies(
  api: GoogleApi,
  signal?: AbortSignal,
): AsyncGenerator<PolicyRecord> {
  const path = '/v1/policies';
  const query = {
    pageSize: POLICIES_PER_PAGE,
    fields: 'nextPageToken,policies(policyQuery(orgUnit,group,sortOrder),setting(type,value))',
  };
  const pages = api.pages('cloudIdentity', path, query, {
    gapMs: api.policyPageGapMs,
    ...(signal ? { signal } : {}),
  });
  for await (const body of pages) {
    for (const p of parsePage(policiesPage, body, `Google ${path}`).policies ?? []) {
      yield {
        orgUnit: p.policyQuery?.orgUnit?.replace(/^orgUnits\//, '') ?? null,
        group: p.policyQuery?.group ?? null,
        sortOrder: p.policyQuery?.sortOrder ?? 0,
        settingType: p.setting.type,
        value: p.setting.value ?? {},
      };
    }
  }
}
