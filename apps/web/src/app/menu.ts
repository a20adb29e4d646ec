export type MenuItem = {
  label: string;
  /** An in-app path, or 'billing' for the payment provider's portal. */
  target: string;
  adminOnly: boolean;
};

/** The sidebar menu in the spec's order; members see the entries that are not admin-only. */
export const MENU: MenuItem[] = [
  { label: 'Overview', target: '/dashboard', adminOnly: false },
  { label: 'Risk analysis', target: '/risk-analysis', adminOnly: true },
  { label: 'Your tasks', target: '/tasks', adminOnly: false },
  { label: 'Company status', target: '/team-progress', adminOnly: true },
  { label: 'Integrations', target: '/integrations', adminOnly: true },
  { label: 'Users', target: '/users', adminOnly: true },
  { label: 'Billing', target: 'billing', adminOnly: true },
  { label: 'Settings', target: '/settings', adminOnly: false },
  { label: 'Help', target: '/help', adminOnly: false },
];

export const menuFor = (role: 'admin' | 'user') =>
  MENU.filter((item) => role === 'admin' || !item.adminOnly);

export const billingPortalUrl = (currentPage: string) =>
  `/api/customer-portal?return_url=${encodeURIComponent(currentPage)}`;
