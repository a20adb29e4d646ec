/**
 * Every route of the product with its meta, as plain data: the guard, the menu, the HTTP client's
 * protected-page rule and the router read it. It imports nothing; the pages are in pages.ts.
 */

/** Who may open a route. The attack graph has no access flags in the spec, so it is 'open'. */
export type Access = 'public' | 'open' | 'login' | 'admin' | 'staff';
export type LayoutKind = 'app' | 'registration' | 'none';

/** The route's entry in the sidebar menu, labelled with its title. */
export type MenuEntry = {
  /** Position in the menu (Billing, which has no page, is 7). */
  order: number;
  /** Shown to administrators only, although members may open the page (the spec's menus). */
  adminsOnly?: boolean;
};

export type AppRoute = {
  path: string;
  /** The page's name: the document title (with the product name) and its menu label. */
  title: string;
  access: Access;
  layout: LayoutKind;
  menu?: MenuEntry;
  /**
   * An administrator of an organisation still registering may open it; elsewhere the guard sends
   * them to the registration scan.
   */
  duringRegistration?: boolean;
};

export const ROUTES: AppRoute[] = [
  { path: '/', title: 'Home', access: 'public', layout: 'none' },
  {
    path: '/agent/download',
    title: 'Agent download',
    access: 'login',
    layout: 'app',
    duringRegistration: true,
  },
  { path: '/board', title: 'Board summary', access: 'admin', layout: 'app' },
  { path: '/dashboard', title: 'Overview', access: 'login', layout: 'app', menu: { order: 1 } },
  // The page titles itself with how the sign-in went.
  { path: '/facebook-success', title: 'Meta sign-in', access: 'public', layout: 'none' },
  { path: '/help', title: 'Help', access: 'login', layout: 'app', menu: { order: 9 } },
  { path: '/impersonate/users', title: 'Impersonate users', access: 'staff', layout: 'app' },
  {
    path: '/integrations',
    title: 'Integrations',
    access: 'login',
    layout: 'app',
    menu: { order: 5, adminsOnly: true },
    duringRegistration: true,
  },
  // An IT provider's clients; the way in is on Settings → IT partners, as the spec fixes the menus.
  { path: '/partner', title: 'Partner console', access: 'admin', layout: 'app' },
  // The way in is on Settings → Notifications (E-mail), as the spec fixes the menus.
  { path: '/phishing', title: 'Phishing practice', access: 'admin', layout: 'app' },
  // Where a practice message's link leads: its token is the message's own, no sign-in.
  { path: '/practice/:token', title: 'Practice message', access: 'public', layout: 'none' },
  { path: '/readiness', title: 'Readiness', access: 'admin', layout: 'app' },
  {
    path: '/registration/scan',
    title: 'Registration',
    access: 'login',
    layout: 'registration',
    duringRegistration: true,
  },
  {
    path: '/risk-analysis',
    title: 'Risk analysis',
    access: 'login',
    layout: 'app',
    menu: { order: 2, adminsOnly: true },
  },
  { path: '/risk-analysis/attack-graph', title: 'Attack graph', access: 'open', layout: 'app' },
  {
    path: '/risk-analysis/public',
    title: 'Public risk analysis',
    access: 'public',
    layout: 'none',
  },
  {
    path: '/risk-analysis/public/:domain',
    title: 'Public risk analysis',
    access: 'public',
    layout: 'none',
  },
  { path: '/settings', title: 'Settings', access: 'login', layout: 'app', menu: { order: 8 } },
  // A report shared read-only through a link that expires; anyone with the link may open it.
  { path: '/shared/:token', title: 'Shared report', access: 'public', layout: 'none' },
  { path: '/tasks', title: 'Your tasks', access: 'login', layout: 'app', menu: { order: 3 } },
  // One task's own address: the same page with the task's view open.
  { path: '/tasks/:id', title: 'Your tasks', access: 'login', layout: 'app' },
  {
    path: '/team-progress',
    title: 'Company status',
    access: 'login',
    layout: 'app',
    menu: { order: 4, adminsOnly: true },
  },
  { path: '/test-login', title: 'Test login', access: 'public', layout: 'none' },
  { path: '/trust-center', title: 'Trust center', access: 'public', layout: 'none' },
  { path: '/trust-center/:domain', title: 'Trust page', access: 'public', layout: 'none' },
  { path: '/unsubscribe', title: 'Unsubscribe', access: 'public', layout: 'none' },
  { path: '/users', title: 'Users', access: 'admin', layout: 'app', menu: { order: 6 } },
];
