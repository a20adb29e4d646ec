// Which Microsoft 365 plan the tenant holds (integrations-reference-2 §1.3): its subscribed
// products, and whether any active one includes Entra ID P1, P2 and Intune. Decided on the
// service plans inside the subscriptions, not on product names, of which there are hundreds.
import { z } from 'zod';
import type { GraphApi } from './graph-api';
import { MicrosoftApiError } from './microsoft-api-error';
import { parseOne } from './parse-items';

const PATH = '/v1.0/subscribedSkus';

/** The products small organisations hold, by `skuPartNumber`, in the admin center's words. */
const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  O365_BUSINESS_ESSENTIALS: 'Microsoft 365 Business Basic',
  O365_BUSINESS_PREMIUM: 'Microsoft 365 Business Standard',
  SPB: 'Microsoft 365 Business Premium',
  STANDARDPACK: 'Office 365 E1',
  ENTERPRISEPACK: 'Office 365 E3',
  ENTERPRISEPREMIUM: 'Office 365 E5',
  SPE_E3: 'Microsoft 365 E3',
  SPE_E5: 'Microsoft 365 E5',
  Microsoft_365_E3: 'Microsoft 365 E3',
  Microsoft_365_E5: 'Microsoft 365 E5',
  EMS: 'Enterprise Mobility + Security E3',
  EMSPREMIUM: 'Enterprise Mobility + Security E5',
  AAD_PREMIUM: 'Microsoft Entra ID P1',
  AAD_PREMIUM_P2: 'Microsoft Entra ID P2',
  INTUNE_A: 'Microsoft Intune Plan 1',
};

/** Service plans that unlock what the checks read. */
const PLANS = { entraP1: 'AAD_PREMIUM', entraP2: 'AAD_PREMIUM_P2', intune: 'INTUNE_A' } as const;
/** Subscriptions whose services work; `Warning` is one about to lapse, still working. */
const ACTIVE = new Set(['Enabled', 'Warning']);

const answer = z.object({
  value: z.array(
    z.object({
      skuPartNumber: z.string(),
      capabilityStatus: z.string(),
      consumedUnits: z.number().nullish(),
      servicePlans: z
        .array(z.object({ servicePlanName: z.string(), provisioningStatus: z.string() }))
        .nullish(),
    }),
  ),
});

export type M365Plan = {
  /** The active products, the most used first, in the admin center's words. */
  products: string[];
  entraP1: boolean;
  entraP2: boolean;
  intune: boolean;
};

/** The tenant's plan; null when the tenant does not let this app read its subscriptions. */
export async function readPlan(api: GraphApi, signal?: AbortSignal): Promise<M365Plan | null> {
  let body: unknown;
  try {
    body = await api.get<unknown>(PATH, {}, signal);
  } catch (err) {
    if (err instanceof MicrosoftApiError && err.kind === 'permission_missing') return null;
    throw err;
  }
  return planOf(parseOne(answer, body, `Graph ${PATH}`).value);
}

export function planOf(skus: z.output<typeof answer>['value']): M365Plan {
  const active = skus
    .filter((sku) => ACTIVE.has(sku.capabilityStatus))
    .sort((a, b) => (b.consumedUnits ?? 0) - (a.consumedUnits ?? 0));
  const has = (plan: string) =>
    active.some((sku) =>
      (sku.servicePlans ?? []).some(
        (p) => p.servicePlanName === plan && p.provisioningStatus === 'Success',
      ),
    );
  return {
    products: [
      ...new Set(active.map((sku) => PRODUCT_NAMES[sku.skuPartNumber] ?? sku.skuPartNumber)),
    ],
    entraP1: has(PLANS.entraP1),
    entraP2: has(PLANS.entraP2),
    intune: has(PLANS.intune),
  };
}

/** "Microsoft 365 Business Standard", or "your plan" when the tenant's products are unknown. */
export function planName(plan: M365Plan | null | undefined): string {
  const [first, ...others] = plan?.products ?? [];
  if (!first) return 'your plan';
  return others.length === 0 ? first : `${first} (and ${others.length} more)`;
}

/** The plan for the card: its name and what it includes of what the checks use. */
export function m365PlanSummary(
  plan: M365Plan | null | undefined,
): { name: string; includes: string } | null {
  if (!plan || plan.products.length === 0) return null;
  const parts = [
    plan.entraP2 ? 'Entra ID P2' : plan.entraP1 ? 'Entra ID P1' : 'no Entra ID P1',
    plan.intune ? 'Intune' : 'no Intune',
  ];
  return { name: planName(plan), includes: parts.join(', ') };
}
