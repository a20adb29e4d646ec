import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format-date';
import { useSharedReport } from './api';
import { SharedReportView } from './SharedReportView';

/**
 * `/shared/:token`: a report an administrator shared, read-only, to anyone with the link until
 * it expires or is revoked; then the server's reason instead.
 */
export default function SharedReportPage() {
  const { token = '' } = useParams();
  const query = useSharedReport(token);
  const [now] = useState(() => new Date());
  const answer = query.data;
  const shared = answer?.kind === 'report' ? answer.shared : null;
  return (
    <PublicPageFrame>
      <Stack gap="lg">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {shared ? `Security report — ${shared.report.organization.name}` : 'Shared report'}
        </Title>
        <QueryStatus query={query} what="the report" />
        {answer?.kind === 'refused' && (
          <Alert color="red" variant="light" title="This report cannot be opened">
            <Text size="sm">{answer.message}</Text>
            <Text size="sm" mt={4}>
              Ask whoever sent you the link for a new one.
            </Text>
          </Alert>
        )}
        {shared && (
          <>
            <Group justify="space-between" align="center" gap="sm">
              <Text c="dimmed">
                {shared.report.organization.domain} · made on{' '}
                {formatDate(shared.report.generatedAt)} · shared read-only until{' '}
                {formatDate(shared.expiresAt)}
              </Text>
              <Button
                component="a"
                href={`/api/shared-reports/${encodeURIComponent(token)}/pdf`}
                download
                variant="default"
              >
                Download PDF
              </Button>
            </Group>
            <SharedReportView report={shared.report} now={now} />
          </>
        )}
      </Stack>
    </PublicPageFrame>
  );
}
