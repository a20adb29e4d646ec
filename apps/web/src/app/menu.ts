import type { UserData } from '@castellan/contract';
import { mayOpen } from './route-rules';
import { ROUTES } from './routes';

export type MenuItem = {
  label: string;
  /** An in-app path, or 'billing' for the payment provider's portal. */
  target: string;
  adminOnly: boolean;
  order: number;
};

/** A member who is not staff: the menu shows them the entries of the pages they may open. */
const MEMBER = { role: 'user', staff: false } as const;

/** Billing has no page of its own: it leaves for the payment provider's portal (spec §2). */
const BILLING: MenuItem = { label: 'Billing', target: 'billing', adminOnly: true, order: 7 };

/**
 * The sidebar menu in the spec's order, built from the route table's menu entries. An entry is
 * for administrators only when its route is, or when the route's menu entry says so.
 */
export const MENU: MenuItem[] = [
  ...ROUTES.flatMap(({ path, title, access, menu }) =>
    menu
      ? [
          {
            label: title,
            target: path,
            adminOnly: menu.adminsOnly === true || !mayOpen(access, MEMBER),
            order: menu.order,
          },
        ]
      : [],
  ),
  BILLING,
].sort((a, b) => a.order - b.order);

export const menuFor = (role: UserData['role']) =>
  MENU.filter((item) => role === 'admin' || !item.adminOnly);

/**
 * Whether the menu entry `target` is the page shown at `pathname` and `hash`: an entry's own path
 * or a page under it; Billing while Settings shows its Billing section (`/settings#billing`),
 * and then not Settings.
 */
export function isCurrentMenuTarget(target: string, pathname: string, hash: string): boolean {
  const billingSection = pathname === '/settings' && hash === '#billing';
  if (target === 'billing') return billingSection;
  if (target === '/settings' && billingSection) return false;
  return pathname === target || pathname.startsWith(`${target.replace(/\/$/, '')}/`);
}
