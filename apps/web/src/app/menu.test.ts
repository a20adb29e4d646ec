import { describe, expect, it } from 'vitest';
import { billingPortalUrl, menuFor } from './menu';

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

  it('sends Billing to the customer portal with the current page as return_url', () => {
    expect(billingPortalUrl('http://localhost:3000/tasks?x=1')).toBe(
      '/api/customer-portal?return_url=http%3A%2F%2Flocalhost%3A3000%2Ftasks%3Fx%3D1',
    );
  });
});
