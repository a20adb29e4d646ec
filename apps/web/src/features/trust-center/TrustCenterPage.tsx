import type { TrustCenterResponse } from '@castellan/contract';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format-date';
import { GradeBadge } from '../risk-analysis';
import { useTrustCenter } from './api';
import { ProtectionSection } from './ProtectionSection';

/** The address a `mailto:` contact writes to, or the contact URL itself. */
const contactLabel = (contact: string) => contact.replace(/^mailto:/i, '');

function ProductGrade({
  report,
}: {
  report: NonNullable<TrustCenterResponse['productDomainReport']>;
}) {
  return (
    <Stack component="section" aria-labelledby="gradeTitle" gap="sm">
      <Title order={2} id="gradeTitle">
        Our own domain’s grade
      </Title>
      <Group gap="md" wrap="nowrap" align="center">
        <GradeBadge grade={report.grade} size={64} />
        <div>
          <Text>
            Castellan’s own scanner checks {report.domain} every day, the same way it checks yours.
            The latest finished scan, on {formatDate(report.scannedAt)}, graded it {report.grade}.
          </Text>
          <Anchor component={Link} to={`/risk-analysis/public/${report.domain}`}>
            See the full report for {report.domain}
          </Anchor>
        </div>
      </Group>
    </Stack>
  );
}

function Subprocessors({ list }: { list: TrustCenterResponse['subprocessors'] }) {
  return (
    <Stack component="section" aria-labelledby="subprocessorsTitle" gap="sm">
      <Title order={2} id="subprocessorsTitle">
        Subprocessors
      </Title>
      <Text>
        The companies that handle customer data on behalf of this Castellan service. The providers
        you connect as integrations are not among them: they are your own, and Castellan reads from
        them with your permission.
      </Text>
      {list.length === 0 ? (
        <Text fw={500}>This service lists no subprocessors.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-labelledby="subprocessorsTitle">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Company</Table.Th>
                <Table.Th scope="col">What it does for us</Table.Th>
                <Table.Th scope="col">Where</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((s) => (
                <Table.Tr key={`${s.name}|${s.purpose}`}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{s.purpose}</Table.Td>
                  <Table.Td>{s.location}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function ReportVulnerability({ contact }: { contact: string }) {
  return (
    <Stack component="section" aria-labelledby="report-a-vulnerability" gap="sm">
      <Title order={2} id="report-a-vulnerability">
        Report a vulnerability
      </Title>
      <Text>
        If you find a security problem in Castellan, tell us at{' '}
        <Anchor href={contact} style={{ overflowWrap: 'anywhere' }}>
          {contactLabel(contact)}
        </Anchor>
        . Describe what you found and how to see it again. Please give us a fair time to fix it
        before you tell anyone else, and do not read, change or delete data that is not yours while
        you look. We answer every report.
      </Text>
      <Text size="sm">
        Tools can find this contact in our{' '}
        <Anchor href="/.well-known/security.txt">security.txt</Anchor> file.
      </Text>
    </Stack>
  );
}

/** `/trust-center`: how Castellan protects its customers' data, for anyone to read. */
export default function TrustCenterPage() {
  const query = useTrustCenter();
  const data = query.data;
  const { hash } = useLocation();
  // The sections arrive with the data, after the browser looked for the link's anchor
  // (security.txt's Policy points at #report-a-vulnerability): go there once they are in.
  useEffect(() => {
    if (data && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [data, hash]);
  return (
    <PublicPageFrame signIn>
      <Stack gap="xl">
        <div>
          <Title order={1} mb="xs">
            Trust center
          </Title>
          <Text size="lg">
            What Castellan does to keep your organisation’s data safe, who helps us run it, and how
            to tell us about a security problem.
          </Text>
        </div>
        <QueryStatus query={query} what="the trust center" />
        {data && (
          <>
            {data.productDomainReport && <ProductGrade report={data.productDomainReport} />}
            <ProtectionSection data={data} />
            <Subprocessors list={data.subprocessors} />
            <ReportVulnerability contact={data.securityContact} />
          </>
        )}
      </Stack>
    </PublicPageFrame>
  );
}
