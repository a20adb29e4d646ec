import type { Employee } from '@castellan/contract';
import { Badge, Button, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { CheckedBy } from '../../components/CheckedBy';
import { ProgressBar } from '../../components/ProgressBar';
import { progressFrom } from '../../lib/progress';
import { ROLE_LABELS } from '../users';
import type { EmployeeSort, SortKey } from './employee-list';
import { lastNudgeText } from './last-nudge';

type Props = {
  employees: Employee[];
  sort: EmployeeSort;
  onSort: (key: SortKey) => void;
  /** Cards instead of a table, for a phone. */
  asCards: boolean;
  /** Administrators: sends a reminder to one employee. */
  onRemind?: (employee: Employee) => void;
};

/** What is shown of one employee, in table cells or on a card. */
function partsOf(employee: Employee, onRemind?: (employee: Employee) => void) {
  const progress = progressFrom(employee.completedTasks, employee.totalTasks);
  return {
    name: (
      <Text fw={500} size="sm">
        {employee.fullName || employee.email}
      </Text>
    ),
    email: (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {employee.email}
      </Text>
    ),
    role: <Text size="sm">{ROLE_LABELS[employee.role]}</Text>,
    completion: (
      <Stack gap={4}>
        <ProgressBar progress={progress} label={`Completion of ${employee.fullName}`} size="md" />
        <Text size="xs" c="dimmed">
          {employee.completedTasks} of {employee.totalTasks}
        </Text>
      </Stack>
    ),
    highRisk: (
      <Badge
        variant={employee.openHighRiskTasks > 0 ? 'light' : 'default'}
        color={employee.openHighRiskTasks > 0 ? 'red' : undefined}
      >
        {employee.openHighRiskTasks}
      </Badge>
    ),
    checkedBy: <CheckedBy sources={employee.checkedBy} />,
    lastNudge: <Text size="sm">{lastNudgeText(employee.lastNudge)}</Text>,
    remind:
      onRemind && employee.completedTasks < employee.totalTasks ? (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onRemind(employee)}
          aria-label={`Send reminder to ${employee.fullName || employee.email}`}
        >
          Send reminder
        </Button>
      ) : null,
  };
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
  width,
}: {
  label: string;
  column: SortKey;
  sort: EmployeeSort;
  onSort: (key: SortKey) => void;
  width?: number;
}) {
  const active = sort.key === column;
  return (
    <Table.Th
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      w={width}
    >
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        {label}
        <span aria-hidden> {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** The employees with their progress: a sortable table, or cards on a phone. */
export function EmployeesTable({ employees, sort, onSort, asCards, onRemind }: Props) {
  if (asCards) {
    return (
      <Stack
        component="ul"
        aria-label="Employees"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {employees.map((employee) => {
          const parts = partsOf(employee, onRemind);
          return (
            <Card
              key={employee.id}
              component="li"
              withBorder
              padding="sm"
              aria-label={employee.fullName || employee.email}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {parts.name}
                {parts.role}
              </Group>
              {parts.email}
              <Group mt="xs" gap="md" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Field label="Completion">{parts.completion}</Field>
                </div>
                <Field label="Open high-risk">{parts.highRisk}</Field>
              </Group>
              <Group mt="xs" gap="md" wrap="wrap" align="flex-start">
                <Field label="Checked by">{parts.checkedBy}</Field>
                <Field label="Last nudged">{parts.lastNudge}</Field>
              </Group>
              {parts.remind && <Group mt="xs">{parts.remind}</Group>}
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Employees">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Name" column="name" sort={sort} onSort={onSort} />
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            <SortHeader
              label="Completion"
              column="completion"
              sort={sort}
              onSort={onSort}
              width={200}
            />
            <SortHeader label="Open high-risk" column="openHighRisk" sort={sort} onSort={onSort} />
            <Table.Th>Checked by</Table.Th>
            <Table.Th>Last nudged</Table.Th>
            {onRemind && <Table.Th>Reminder</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((employee) => {
            const parts = partsOf(employee, onRemind);
            return (
              <Table.Tr key={employee.id}>
                <Table.Td>{parts.name}</Table.Td>
                <Table.Td>{parts.email}</Table.Td>
                <Table.Td>{parts.role}</Table.Td>
                <Table.Td>{parts.completion}</Table.Td>
                <Table.Td>{parts.highRisk}</Table.Td>
                <Table.Td>{parts.checkedBy}</Table.Td>
                <Table.Td>{parts.lastNudge}</Table.Td>
                {onRemind && <Table.Td>{parts.remind}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
