import { Button, Group } from '@mantine/core';

/** The report made on the server: score, readiness answers with dates, and coverage. */
export function ExportLinks() {
  return (
    <Group gap="sm">
      <Button component="a" href="/api/reports/assurance.pdf" download variant="default">
        Download PDF
      </Button>
      <Button
        component="a"
        href="/api/reports/assurance.html"
        target="_blank"
        rel="noopener"
        variant="default"
      >
        Open as HTML
      </Button>
    </Group>
  );
}
