import type { Employee } from '@castellan/contract';
import { Alert, Button, Text } from '@mantine/core';
import { mostOpenHighRisk, nameList } from './employee-list';

/**
 * For administrators: who has the most open high-risk tasks of their own (the organisation's
 * tasks are not anyone's), the first people to help, and a reminder to all who have some.
 */
export function HighRiskCallout({
  employees,
  viewerEmail,
  onRemindAll,
  reminding,
}: {
  employees: Employee[];
  viewerEmail: string;
  onRemindAll: () => void;
  reminding: boolean;
}) {
  const most = mostOpenHighRisk(employees);
  if (!most) {
    return (
      <Alert color="green" title="No open high-risk tasks" mb="md">
        <Text size="sm">Nobody has a high-risk or critical task of their own left open.</Text>
      </Alert>
    );
  }
  const names = nameList(most.employees.map((e) => e.fullName || e.email));
  const several = most.employees.length > 1;
  const includesViewer = most.employees.some((e) => e.email === viewerEmail);
  return (
    <Alert color="orange" title="Most open high-risk tasks" mb="md">
      <Text size="sm">
        {names} {several ? 'have' : 'has'} the most open high-risk tasks of their own ({most.count}
        {several ? ' each' : ''}).
        {!includesViewer && ' A word from you could help them get started.'}
      </Text>
      <Button size="xs" variant="default" mt="sm" onClick={onRemindAll} loading={reminding}>
        Remind everyone with open high-risk tasks
      </Button>
    </Alert>
  );
}
