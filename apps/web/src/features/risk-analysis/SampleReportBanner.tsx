import { Alert, Button, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The demo organisation's report is a stored scan of a test domain: say so plainly. */
export function SampleReportBanner({ domain }: { domain: string }) {
  return (
    <Alert color="grape" title="Sample report" role="note" variant="light">
      <Text size="sm" mb="sm">
        This is a recorded scan of a test domain, not of your own domain {domain}. It shows what a
        report looks like; nothing in it describes your organisation.
      </Text>
      <Button component={Link} to="/risk-analysis/public" size="xs" color="grape">
        Scan a real domain
      </Button>
    </Alert>
  );
}
