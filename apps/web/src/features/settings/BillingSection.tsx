import type { BillingSummary } from '@castellan/contract';
import { Alert, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { billingPortalUrl } from '../../lib/billing-portal-url';
import { formatDate } from '../../lib/format-date';
import { useUserData } from '../../lib/user-data';
import { useBilling, useBillingSummary } from './billing-api';
import { billingProblemOf, formatStripeAmount, subscriptionStatusWords } from './billing-words';

// No setting's name is ever shown here: whoever reads this is not the one who runs the server.
const NOT_CONFIGURED = {
  title: 'Billing is not set up on this server',
  body: 'There is no payment provider connected to this Castellan server, so there is no subscription to show and no billing portal to open. Ask the person who runs Castellan for you to set up billing.',
};
const UNAVAILABLE = {
  title: 'The billing portal could not be opened',
  body: 'Stripe, our payment provider, did not answer or refused the request. Nothing was changed. Please try again in a few minutes.',
};

/** Where the portal comes back to: this section. */
const portalHref = () => billingPortalUrl(`${window.location.origin}/settings#billing`);

function PortalButton({ label }: { label: string }) {
  return (
    <Group mt="md">
      <Button component="a" href={portalHref()} variant="light">
        {label}
      </Button>
    </Group>
  );
}

/** Plan, seats, status and next invoice, as a two-column table. */
function Figures({ summary, status }: { summary: BillingSummary; status: string | null }) {
  const { subscription, nextInvoice } = summary;
  const rows: [string, string, string][] = [
    ...(subscription
      ? ([
          ['Plan', subscription.plan, 'plan'],
          ['Seats', String(subscription.seats), 'seats'],
        ] as [string, string, string][])
      : []),
    ['Subscription status', subscriptionStatusWords(status), 'subscription-status'],
    [
      'Next invoice',
      nextInvoice
        ? `${formatStripeAmount(nextInvoice.amountDue, nextInvoice.currency)} on ${formatDate(nextInvoice.date)}`
        : 'None due',
      'next-invoice',
    ],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Subscription">
      <Table.Tbody>
        {rows.map(([label, value, testId]) => (
          <Table.Tr key={label}>
            <Table.Th w={180}>{label}</Table.Th>
            <Table.Td data-testid={testId}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the section says once the server has answered. */
function SummaryBody({
  summary,
  recordedStatus,
  problemShown,
}: {
  summary: BillingSummary;
  recordedStatus: string | null;
  problemShown: boolean;
}) {
  if (!summary.configured) {
    return problemShown ? null : (
      <Alert color="gray" title={NOT_CONFIGURED.title} role="status">
        <Text size="sm">{NOT_CONFIGURED.body}</Text>
      </Alert>
    );
  }
  if (!summary.hasCustomer) {
    return (
      <>
        <Text size="sm">
          Your organisation has no billing account yet. It is made the first time you open the
          billing portal, where you choose a plan and add payment details.
        </Text>
        <PortalButton label="Open the billing portal" />
      </>
    );
  }
  // Without a live subscription, the status Stripe last reported (a webhook) still says what
  // happened to the last one.
  const status = summary.subscription?.status ?? recordedStatus;
  return (
    <>
      <Figures summary={summary} status={status} />
      {!summary.subscription && (
        <Text size="sm" mt="sm">
          No plan is running. Choose one in the billing portal.
        </Text>
      )}
      <PortalButton label="Manage billing" />
    </>
  );
}

/**
 * Settings' Billing section, for administrators: the organisation's plan, seats, status and next
 * invoice as Stripe has them, and the way to Stripe's customer portal. When the portal could not
 * open, the server sends the browser here with `?billing=` and this section says why.
 */
export function BillingSection() {
  const { data: user } = useUserData();
  const isAdmin = user?.role === 'admin';
  const summaryQuery = useBillingSummary(isAdmin);
  const recorded = useBilling(isAdmin);
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const problem = billingProblemOf(params.get('billing'));
  // The message is what the administrator came back to read: it takes the focus when it appears.
  const showAlert = useCallback((node: HTMLDivElement | null) => {
    node?.scrollIntoView({ block: 'center' });
    node?.focus();
  }, []);

  if (!isAdmin) return null;

  // The reason leaves the address; the section (its hash) stays.
  const dismiss = () => {
    params.delete('billing');
    void navigate({ search: params.toString(), hash: location.hash }, { replace: true });
  };
  const message = problem === 'not-configured' ? NOT_CONFIGURED : UNAVAILABLE;
  const summary = summaryQuery.data;
  const recordedSubscription = recorded.data?.subscription ?? null;

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
      <QueryStatus query={summaryQuery} what="the subscription" />
      {summary && (
        <SummaryBody
          summary={summary}
          recordedStatus={recordedSubscription?.status ?? null}
          problemShown={problem !== null}
        />
      )}
      {summary?.configured && recordedSubscription && (
        <Text size="xs" c="dimmed" mt="sm">
          Stripe last reported a change on{' '}
          {formatDate(recordedSubscription.updatedAt, { hour: 'numeric', minute: '2-digit' })}.
        </Text>
      )}
    </Card>
  );
}
