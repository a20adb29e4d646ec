// The hosted customer portal a session's `url` opens: in the fake, a page naming the customer
// with a way back to the session's return_url.
import { escapeHtml, htmlPage } from '../kit/html-page';
import type { FakeCustomer, FakePortalSession } from './fake-stripe';

export function portalPage(session: FakePortalSession, customer: FakeCustomer): string {
  const back = session.return_url
    ? `<p><a href="${escapeHtml(session.return_url)}">Return to Castellan</a></p>`
    : '<p>This session has no return address.</p>';
  return htmlPage(
    'Billing portal (fake Stripe)',
    `<h1>Billing portal</h1>
<p>Test mode: no real payment is made here.</p>
<dl><dt>Customer</dt><dd id="customer-name">${escapeHtml(customer.name ?? '(no name)')}</dd>
<dt>Customer id</dt><dd id="customer-id">${escapeHtml(customer.id)}</dd></dl>
${back}`,
  );
}

export const unknownSessionPage = () =>
  htmlPage(
    'Session expired (fake Stripe)',
    '<h1>This portal session has expired or does not exist</h1>',
  );
