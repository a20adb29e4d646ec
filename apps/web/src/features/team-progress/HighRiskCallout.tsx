import type { Employee } from '@castellan/contract';
import { Alert, Text } from '@mantine/core';
import { mostOpenHighRisk, nameList } from './employee-list';

/** Names who has the most open high-risk tasks: the first people to help. */
export function HighRiskCallout({
  employees,
  viewerEmail,
}: {
  employees: Employee[];
  viewerEmail: string;
}) {
  const most = mostOpenHighRisk(employees);
  if (!most) {
    return (
      <Alert color="green" title="No open high-risk tasks" mb="md">
        <Text size="sm">Nobody has a high-risk or critical task left open.</Text>
      </Alert>
    );
  }
  const names = nameList(most.employees.map((e) => e.fullName || e.email));
  const several = most.employees.length > 1;
  const includesViewer = most.employees.some((e) => e.email === viewerEmail);
  return (
    <Alert color="orange" title="Most open high-risk tasks" mb="md">
      <Text size="sm">
        {names} {several ? 'have' : 'has'} the most open high-risk tasks ({most.count}
        {several ? ' each' : ''}).
        {!includesViewer && ' A word from you could help them get started.'}
      </Text>
    </Alert>
  );
}
