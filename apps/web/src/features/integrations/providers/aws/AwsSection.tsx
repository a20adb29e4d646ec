import type { AwsFindings } from '@castellan/contract';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../../../components/QueryStatus';
import { useAwsFindings } from './aws-api';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'never');

type Row = { key: string; kind: string; name: string; detail: string; ok: boolean };

/** One table of everything worth a look: users without MFA, old keys, and each trail. */
function rowsOf(f: AwsFindings): Row[] {
  return [
    ...f.usersWithoutMfa.map((u) => ({
      key: `mfa-${u.name}`,
      kind: 'IAM user',
      name: u.name,
      detail: `Signs in without MFA (last sign-in: ${day(u.passwordLastUsed)})`,
      ok: false,
    })),
    ...f.oldAccessKeys.map((k, i) => ({
      key: `key-${k.user}-${i}`,
      kind: 'Access key',
      name: k.user,
      detail: `${k.ageDays} days old (last used: ${day(k.lastUsed)})`,
      ok: false,
    })),
    ...f.trails.map((t) => ({
      key: `trail-${t.name}-${t.homeRegion ?? ''}`,
      kind: 'CloudTrail trail',
      name: t.name,
      detail: `${t.multiRegion ? 'All regions' : `Only ${t.homeRegion ?? 'one region'}`}, ${t.logging ? 'logging' : 'stopped'}`,
      ok: t.multiRegion && t.logging,
    })),
  ];
}

/** What the last AWS sync found in the account: IAM users without MFA, old keys, trails. */
export function AwsSection() {
  const query = useAwsFindings();
  const findings = query.data;
  const rows = findings ? rowsOf(findings) : [];
  return (
    <Stack component="section" aria-labelledby="awsTitle" gap="md" mt="xl">
      <div>
        <Title order={2} size="h3" id="awsTitle">
          AWS account
        </Title>
        <Text size="sm" c="dimmed">
          {findings?.accountId
            ? `Account ${findings.accountId}, from the sync of ${day(findings.checkedAt)}.`
            : 'From the last sync.'}
        </Text>
      </div>
      <QueryStatus query={query} what="the AWS findings" />
      {findings && rows.length === 0 && (
        <Text size="sm">No IAM user without MFA, no old access key and no trail were found.</Text>
      )}
      {rows.length > 0 && (
        <Table striped aria-label="AWS findings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>What</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Finding</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.kind}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  <Badge color={row.ok ? 'green' : 'orange'} variant="light" mr="xs">
                    {row.ok ? 'OK' : 'Fix'}
                  </Badge>
                  {row.detail}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
