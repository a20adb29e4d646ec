// What the Google Workspace edition means for the card: its name and what it includes of what
// checks use. Of the card's checks (GOOGLE_CHECKS), the reference names no edition limit for what
// any of them reads, so none gets a plan note; Context-Aware Access and advanced mobile management
// need higher editions, and the card says which the organisation has.
import type { GoogleEditionRead } from './edition';

type Features = { mobile?: 'basic' | 'advanced'; contextAwareAccess?: boolean };

/**
 * What each edition includes, only where integrations-reference-2 §2.4 says. Context-Aware Access
 * (Google's support answer 9275380): Enterprise Standard and Plus, Frontline Standard, Enterprise
 * Essentials Plus; no Business edition. Basic or advanced mobile management per edition is
 * unconfirmed (the reference's "commonly", not Google's table): Business Starter basic only,
 * Business Standard and Plus and Enterprise Standard and Plus advanced. Other editions: nothing said.
 */
const FEATURES: Readonly<Record<string, Features>> = {
  '1010020027': { mobile: 'basic', contextAwareAccess: false },
  '1010020028': { mobile: 'advanced', contextAwareAccess: false },
  '1010020025': { mobile: 'advanced', contextAwareAccess: false },
  '1010020026': { mobile: 'advanced', contextAwareAccess: true },
  '1010020020': { mobile: 'advanced', contextAwareAccess: true },
  '1010060005': { contextAwareAccess: true },
  '1010020031': { contextAwareAccess: true },
};

const shortName = (name: string) => name.replace(/^Google Workspace /, '');
const users = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

/** "Google Workspace Business Starter", with the other editions an organisation mixes in. */
function editionName(editions: readonly { name: string }[]): string {
  const [main, ...others] = editions;
  if (!main) return 'your edition';
  return others.length === 0
    ? main.name
    : `${main.name}, mixed with ${others.map((e) => shortName(e.name)).join(', ')}`;
}

/**
 * The edition for the card: its name and who holds it, with what it includes of what the checks
 * use; why unknown when the sync could not read it; null before a sync that read it.
 */
export function googleEditionSummary(
  plan: GoogleEditionRead | undefined,
): { name: string; includes: string } | null {
  if (!plan) return null;
  if (!plan.editions) return { name: 'unknown', includes: plan.unknown };
  const [main, ...others] = plan.editions;
  if (!main) return null;
  const total = plan.editions.reduce((sum, e) => sum + e.users, 0);
  const features = FEATURES[main.skuId] ?? {};
  const parts = [others.length === 0 ? users(total) : `${main.users} of ${users(total)}`];
  if (features.mobile) {
    parts.push(
      features.mobile === 'basic' ? 'basic mobile management only' : 'advanced mobile management',
    );
  }
  if (features.contextAwareAccess !== undefined) {
    parts.push(`${features.contextAwareAccess ? '' : 'no '}Context-Aware Access`);
  }
  return { name: editionName(plan.editions), includes: parts.join(', ') };
}
