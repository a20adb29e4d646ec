import type { MetaAccount } from '@castellan/contract';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../../../components/QueryStatus';
import { showToast } from '../../../../lib/toast';
import { ShowMoreButton } from '../../ShowMoreButton';
import { accountsOf, enableMfaFailure, useEnableMetaMfa, useMetaAccounts } from './meta-api';

const TWO_FACTOR_LABELS = {
  all_required: 'Required for everyone',
  admin_required: 'Required for admins only',
  none: 'Not required',
} as const;

function AccountRow({ account }: { account: MetaAccount }) {
  const enable = useEnableMetaMfa();
  const label = account.twoFactorType ? TWO_FACTOR_LABELS[account.twoFactorType] : 'Unknown';
  const require = () =>
    enable.mutate(account, {
      onSuccess: (answer) => {
        if (answer) {
          showToast({
            severity: 'success',
            summary: 'Two-factor authentication required',
            detail: `Meta now requires it for everyone in ${answer.account.name}.`,
          });
        }
      },
      onError: async (error) =>
        showToast({
          severity: 'error',
          summary: `Could not require two-factor authentication in ${account.name}`,
          detail: await enableMfaFailure(error),
          life: 12_000,
        }),
    });
  return (
    <Card withBorder component="li" aria-label={account.name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{account.name}</Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Two-factor authentication:
            </Text>
            <Badge color={account.twoFactorRequired ? 'green' : 'orange'} variant="light">
              {label}
            </Badge>
          </Group>
          <Text size="sm">
            {account.peopleWithTwoFactor} of {account.people}{' '}
            {account.people === 1 ? 'person has' : 'people have'} it turned on
            {account.peopleTwoFactorUnknown > 0 && ` (${account.peopleTwoFactorUnknown} unknown)`}.
          </Text>
        </Stack>
        {!account.twoFactorRequired && (
          <Button
            size="sm"
            onClick={require}
            loading={enable.isPending}
            aria-label={`Require two-factor authentication in ${account.name}`}
          >
            Require for everyone
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The Meta business accounts the connection sees, and their two-factor requirement. */
export function MetaSection() {
  const query = useMetaAccounts();
  const accounts = accountsOf(query.data?.pages);
  return (
    <Stack component="section" aria-labelledby="metaTitle" gap="md" mt="xl">
      <div>
        <Title order={2} size="h3" id="metaTitle">
          Meta business accounts
        </Title>
        <Text size="sm" c="dimmed">
          Your Facebook and Instagram business portfolios, from the last sync.
        </Text>
      </div>
      <QueryStatus query={query} what="the business accounts" />
      {query.isSuccess && accounts.length === 0 && (
        <Alert color="gray" variant="light" title="No business accounts">
          The Facebook account you connected manages no business portfolio. Connect again with a
          person who does.
        </Alert>
      )}
      {accounts.length > 0 && (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Business accounts"
        >
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} />
          ))}
        </Stack>
      )}
      <ShowMoreButton query={query}>Show more accounts</ShowMoreButton>
    </Stack>
  );
}
