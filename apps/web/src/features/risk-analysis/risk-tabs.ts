/**
 * The risk analysis page's tabs. The open one lives in the address (`/risk-analysis/?tab=report`)
 * so that a tab can be linked to and survives a reload; the summary needs no parameter.
 */
export const RISK_TABS = ['summary', 'report', 'frameworks', 'watch'] as const;
export type RiskTab = (typeof RISK_TABS)[number];

export const RISK_TAB_NAMES: Record<RiskTab, string> = {
  summary: 'Summary',
  report: 'Domain report',
  frameworks: 'Frameworks',
  watch: 'Watch',
};

const ADMIN_TABS: readonly RiskTab[] = ['frameworks', 'watch'];

/** The tabs a user may open: the frameworks and the watch are for administrators only. */
export const riskTabsFor = (isAdmin: boolean): readonly RiskTab[] =>
  isAdmin ? RISK_TABS : RISK_TABS.filter((tab) => !ADMIN_TABS.includes(tab));

/** The tab the address asks for, when this user may open it; the summary otherwise. */
export function riskTabFrom(params: URLSearchParams, isAdmin: boolean): RiskTab {
  const asked = params.get('tab');
  return riskTabsFor(isAdmin).find((tab) => tab === asked) ?? 'summary';
}

/** The address's query with `tab` opened, keeping whatever else it holds. */
export function withRiskTab(params: URLSearchParams, tab: RiskTab): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'summary') next.delete('tab');
  else next.set('tab', tab);
  return next;
}
