import type { ComponentType } from 'react';

/** Who may open a route. The attack graph has no access flags in the spec, so it is 'open'. */
export type Access = 'public' | 'open' | 'login' | 'admin' | 'staff';
export type LayoutKind = 'app' | 'registration' | 'none';

export type AppRoute = {
  path: string;
  title: string;
  access: Access;
  layout: LayoutKind;
  /** The page; routes without one show their title as a heading until their feature lands. */
  page?: () => Promise<{ default: ComponentType }>;
};

/** Every route of the product, with its meta as data: the router, layouts and guard read this. */
export const ROUTES: AppRoute[] = [
  {
    path: '/',
    title: 'Home',
    access: 'public',
    layout: 'none',
    page: () => import('../features/landing/LandingPage'),
  },
  { path: '/agent/download', title: 'Agent download', access: 'login', layout: 'app' },
  {
    path: '/dashboard',
    title: 'Overview',
    access: 'login',
    layout: 'app',
    page: () => import('../features/dashboard/DashboardPage'),
  },
  { path: '/facebook-success', title: 'Facebook connected', access: 'public', layout: 'none' },
  { path: '/help', title: 'Help', access: 'login', layout: 'app' },
  {
    path: '/impersonate/users',
    title: 'Impersonate users',
    access: 'staff',
    layout: 'app',
    page: () => import('../features/impersonation/ImpersonateUsersPage'),
  },
  { path: '/integrations', title: 'Integrations', access: 'login', layout: 'app' },
  {
    path: '/registration/scan',
    title: 'Registration',
    access: 'login',
    layout: 'registration',
    page: () => import('../features/registration/RegistrationScanPage'),
  },
  {
    path: '/risk-analysis',
    title: 'Risk analysis',
    access: 'login',
    layout: 'app',
    page: () => import('../features/risk-analysis/RiskAnalysisPage'),
  },
  { path: '/risk-analysis/attack-graph', title: 'Attack graph', access: 'open', layout: 'app' },
  {
    path: '/risk-analysis/public',
    title: 'Public risk analysis',
    access: 'public',
    layout: 'none',
    page: () => import('../features/risk-analysis/PublicScanStartPage'),
  },
  {
    path: '/risk-analysis/public/:domain',
    title: 'Public risk analysis',
    access: 'public',
    layout: 'none',
    page: () => import('../features/risk-analysis/PublicScanPage'),
  },
  {
    path: '/settings',
    title: 'Settings',
    access: 'login',
    layout: 'app',
    page: () => import('../features/settings/SettingsPage'),
  },
  {
    path: '/tasks',
    title: 'Tasks',
    access: 'login',
    layout: 'app',
    page: () => import('../features/tasks/TasksPage'),
  },
  {
    path: '/team-progress',
    title: 'Company status',
    access: 'login',
    layout: 'app',
    page: () => import('../features/team-progress/TeamProgressPage'),
  },
  {
    path: '/test-login',
    title: 'Test login',
    access: 'public',
    layout: 'none',
    page: () => import('../features/auth/TestLoginPage'),
  },
  { path: '/trust-center', title: 'Trust center', access: 'public', layout: 'none' },
  {
    path: '/users',
    title: 'Users',
    access: 'admin',
    layout: 'app',
    page: () => import('../features/users/UsersPage'),
  },
];
