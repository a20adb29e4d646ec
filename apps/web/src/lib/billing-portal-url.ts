/**
 * Billing has no page of its own: the browser navigates to this API path, which leaves for the
 * payment provider's customer portal and comes back to `currentPage` (spec §2).
 */
export const billingPortalUrl = (currentPage: string) =>
  `/api/customer-portal?return_url=${encodeURIComponent(currentPage)}`;
