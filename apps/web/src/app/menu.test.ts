import { describe, expect, it } from 'vitest';
import { billingPortalUrl } from '../lib/billing-portal-url';
import { isCurrentMenuTarget, MENU, menuFor } from './menu';
import { ROUTES } from './routes';

describe('menu', () => {
  it('gives administrators every entry in the spec order', () => {
    expect(menuFor('admin').map((i) => i.label)).toEqual([
      'Overview',
      'Risk analysis',
      'Your tasks',
      'Company status',
      'Integrations',
      'Users',
      'Billing',
      'Settings',
      'Help',
    ]);
  });

  it('gives members Overview, Your tasks, Settings and Help only', () => {
    expect(menuFor('user').map((i) => i.label)).toEqual([
      'Overview',
      'Your tasks',
      'Settings',
      'Help',
    ]);
  });

  it('labels each page entry with the title of its route, so the two cannot differ', () => {
    for (const item of MENU.filter((i) => i.target !== 'billing')) {
      expect(ROUTES.find((r) => r.path === item.target)?.title).toBe(item.label);
    }
  });

  it('sends Billing to the customer portal with the current page as return_url', () => {
    expect(billingPortalUrl('http://localhost:3000/tasks?x=1')).toBe(
      '/api/customer-portal?return_url=http%3A%2F%2Flocalhost%3A3000%2Ftasks%3Fx%3D1',
    );
  });
});

describe('the current menu entry', () => {
  it('is Billing, not Settings, while Settings shows its Billing section', () => {
    expect(isCurrentMenuTarget('billing', '/settings', '#billing')).toBe(true);
    expect(isCurrentMenuTarget('/settings', '/settings', '#billing')).toBe(false);
    expect(isCurrentMenuTarget('/settings', '/settings', '#profile')).toBe(true);
    expect(isCurrentMenuTarget('billing', '/settings', '')).toBe(false);
  });

  it('is the entry of the page or of a page under it', () => {
    expect(isCurrentMenuTarget('/risk-analysis', '/risk-analysis/attack-graph', '')).toBe(true);
    expect(isCurrentMenuTarget('/tasks', '/tasks', '')).toBe(true);
    expect(isCurrentMenuTarget('/tasks', '/team-progress', '')).toBe(false);
  });
});
