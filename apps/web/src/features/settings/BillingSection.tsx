import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { billingPortalUrl } from '../../lib/billing-portal-url';
import { formatDate } from '../../lib/format-date';
import { useUserData } from '../../lib/user-data';
import { useBilling } from './billing-api';
import { billingProblemOf, subscriptionStatusWords } from './billing-words';

const NOT_CONFIGURED = {
  title: 'Billing is not set up on this server',
  body: 'This Castellan server has no payment provider configured, so there is no billing portal to open. Whoever runs the server can turn billing on with a Stripe key (STRIPE_SECRET_KEY).',
};
const UNAVAILABLE = {
  title: 'The billing portal could not be opened',
  body: 'Stripe, our payment provider, did not answer or refused the request. Nothing was changed. Please try again in a few minutes.',
};

/**
 * The organisation's subscription, for administrators, with the way to Stripe's customer portal.
 * When the portal could not open, the server sends the browser back here with `?billing=` and
 * this section says why.
 */
export function BillingSection() {
  const { data: user } = useUserData();
  const isAdmin = user?.role === 'admin';
  const query = useBilling(isAdmin);
  const [params, setParams] = useSearchParams();
  const problem = billingProblemOf(params.get('billing'));
  // The message is what the administrator came back to read: it takes the focus when it appears.
  const showAlert = useCallback((node: HTMLDivElement | null) => {
    node?.scrollIntoView({ block: 'center' });
    node?.focus();
  }, []);

  if (!isAdmin) return null;

  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('billing');
        return next;
      },
      { replace: true },
    );
  const message = problem === 'not-configured' ? NOT_CONFIGURED : UNAVAILABLE;
  const billing = query.data;
  const subscription = billing?.subscription ?? null;

  return (
    <Card withBorder component="section" aria-labelledby="billingTitle" mb="lg">
      <Title order={2} size="h4" id="billingTitle">
        Billing
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your organisation’s subscription. Payment details, invoices and plan changes are handled in
        Stripe’s customer portal.
      </Text>
      {problem && (
        <Alert
          ref={showAlert}
          tabIndex={-1}
          role="alert"
          color={problem === 'not-configured' ? 'gray' : 'orange'}
          title={message.title}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={dismiss}
          mb="sm"
        >
          <Text size="sm">{message.body}</Text>
        </Alert>
      )}
      <QueryStatus query={query} what="the subscription" />
      {billing && (
        <>
          <Text size="sm" mb="sm">
            Subscription status:{' '}
            <Text span fw={600} data-testid="subscription-status">
              {subscriptionStatusWords(subscription?.status ?? null)}
            </Text>
            {subscription && (
              <Text span c="dimmed">
                {' '}
                (as of {formatDate(subscription.updatedAt, { hour: 'numeric', minute: '2-digit' })})
              </Text>
            )}
          </Text>
          {billing.configured ? (
            <Group>
              <Button
                component="a"
                href={billingPortalUrl(`${window.location.origin}/settings`)}
                variant="light"
              >
                Manage billing
              </Button>
            </Group>
          ) : (
            !problem && <Text size="sm">{NOT_CONFIGURED.title}.</Text>
          )}
        </>
      )}
    </Card>
  );
}
