import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * The page of each route of routes.ts, loaded when first opened. Routes missing here show their
 * title as a heading until their feature lands. Only the router reads this.
 */
export const PAGES: Record<string, () => Promise<PageModule>> = {
  '/': () => import('../features/landing/LandingPage'),
  '/agent/download': () => import('../features/agent/AgentDownloadPage'),
  '/board': () => import('../features/board/BoardPage'),
  '/dashboard': () => import('../features/dashboard/DashboardPage'),
  '/facebook-success': () => import('../features/integrations/FacebookSuccessPage'),
  '/help': () => import('../features/help/HelpPage'),
  '/impersonate/users': () => import('../features/impersonation/ImpersonateUsersPage'),
  '/integrations': () => import('../features/integrations/IntegrationsPage'),
  '/partner': () => import('../features/partners/PartnerConsolePage'),
  '/phishing': () => import('../features/phishing/PhishingPage'),
  '/practice/:token': () => import('../features/phishing/PracticePage'),
  '/readiness': () => import('../features/readiness/ReadinessPage'),
  '/registration/scan': () => import('../features/registration/RegistrationScanPage'),
  '/risk-analysis': () => import('../features/risk-analysis/RiskAnalysisPage'),
  '/risk-analysis/attack-graph': () => import('../features/attack-graph/AttackGraphPage'),
  '/risk-analysis/public': () => import('../features/risk-analysis/PublicScanStartPage'),
  '/risk-analysis/public/:domain': () => import('../features/risk-analysis/PublicScanPage'),
  '/settings': () => import('../features/settings/SettingsPage'),
  '/shared/:token': () => import('../features/shared-report/SharedReportPage'),
  '/tasks': () => import('../features/tasks/TasksPage'),
  '/tasks/:id': () => import('../features/tasks/TasksPage'),
  '/team-progress': () => import('../features/team-progress/TeamProgressPage'),
  '/test-login': () => import('../features/auth/TestLoginPage'),
  '/trust-center': () => import('../features/trust-center/TrustCenterPage'),
  '/trust-center/:domain': () => import('../features/trust-center/OrganizationTrustPage'),
  '/unsubscribe': () => import('../features/settings/UnsubscribePage'),
  '/users': () => import('../features/users/UsersPage'),
};
