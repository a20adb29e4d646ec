import { Box, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { ProgressCard } from '../../components/ProgressCard';
import { QueryStatus } from '../../components/QueryStatus';
import { progressFrom } from '../../lib/progress';
import { showToast } from '../../lib/toast';
import { useUserData } from '../../lib/user-data';
import { DevicesSection } from '../agent';
import { useScore } from '../score';
import { useEmployees, useSendReminders } from './api';
import { EmployeesTable } from './EmployeesTable';
import {
  DEFAULT_SORT,
  type EmployeeSort,
  nextSort,
  searchEmployees,
  sortEmployees,
} from './employee-list';
import { HighRiskCallout } from './HighRiskCallout';
import { reminderOutcome } from './reminder-outcome';

/** The sort choices where there are no column headers to click (the cards on a phone). */
const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'completion:asc', label: 'Completion (lowest first)' },
  { value: 'completion:desc', label: 'Completion (highest first)' },
  { value: 'openHighRisk:desc', label: 'Open high-risk (most first)' },
  { value: 'openHighRisk:asc', label: 'Open high-risk (fewest first)' },
];

/**
 * "Company status": the organisation's completion and everyone's progress. Every signed-in user
 * may open it (spec §2), though only administrators have it in their menu; a member sees the
 * organisation's totals and their own row only (the server sends no one else's).
 */
export default function TeamProgressPage() {
  const { data: user } = useUserData();
  const score = useScore();
  const employees = useEmployees();
  const [sort, setSort] = useState<EmployeeSort>(DEFAULT_SORT);
  const [search, setSearch] = useState('');
  const smallScreen = useMediaQuery('(max-width: 47.99em)', false, {
    getInitialValueInEffect: false,
  });

  const reminders = useSendReminders();
  const remind = (to: string) =>
    reminders.mutate(
      { to },
      {
        onSuccess: (answer) => showToast(reminderOutcome(answer)),
        onError: (error) =>
          showToast({ severity: 'error', summary: 'No reminder was sent', detail: error.message }),
      },
    );

  const all = employees.data?.employees;
  const everyone = employees.data?.view === 'everyone';
  const organizationTasks = employees.data?.organizationTasks;
  const shown = useMemo(
    () => sortEmployees(searchEmployees(all ?? [], search), sort),
    [all, search, sort],
  );

  return (
    <>
      <PageHeading title="Company status" />
      <Text c="dimmed" mb="lg">
        {user?.role === 'admin'
          ? `How far everyone in ${user.companyDomain} has got with their security tasks.`
          : `How far ${user?.companyDomain ?? 'your organisation'} has got, and your own part in it. Only administrators see everyone’s progress.`}
      </Text>

      <QueryStatus query={score} what="the organisation's progress" />
      {score.data && (
        <Box mb="md">
          <ProgressCard title="Organisation progress" progress={score.data.teamProgress} />
        </Box>
      )}

      <QueryStatus query={employees} what="the employees" />
      {organizationTasks && organizationTasks.totalTasks > 0 && (
        <Box mb="md">
          <ProgressCard
            id="organizationTasks"
            title="Organisation tasks"
            progress={progressFrom(organizationTasks.completedTasks, organizationTasks.totalTasks)}
          >
            <Text size="sm" c="dimmed" mt="sm">
              The administrators’ tasks for the whole organisation, counted once:{' '}
              {organizationTasks.openHighRiskTasks} of high risk still open.
            </Text>
          </ProgressCard>
        </Box>
      )}
      {all && !everyone && (
        <EmployeesTable
          employees={all}
          sort={sort}
          onSort={(key) => setSort(nextSort(sort, key))}
          asCards={smallScreen}
        />
      )}
      {all && everyone && (
        <>
          <HighRiskCallout
            employees={all}
            viewerEmail={user?.email ?? ''}
            onRemindAll={() => remind('open-high-risk')}
            reminding={reminders.isPending}
          />
          <Group align="flex-end" gap="sm" mb="sm">
            <TextInput
              label="Search employees"
              placeholder="Name or e-mail"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            {smallScreen && (
              <NativeSelect
                label="Sort by"
                data={SORT_OPTIONS}
                value={`${sort.key}:${sort.direction}`}
                onChange={(event) => {
                  const [key, direction] = event.currentTarget.value.split(':');
                  setSort({ key, direction } as EmployeeSort);
                }}
                style={{ flex: '1 1 12rem' }}
              />
            )}
          </Group>
          {shown.length === 0 ? (
            <Text c="dimmed" role="status">
              {all.length === 0
                ? 'Nobody is in the organisation yet.'
                : `Nobody’s name or e-mail matches “${search.trim()}”.`}
            </Text>
          ) : (
            <EmployeesTable
              employees={shown}
              sort={sort}
              onSort={(key) => setSort(nextSort(sort, key))}
              asCards={smallScreen}
              onRemind={(employee) => remind(employee.id)}
            />
          )}
        </>
      )}

      {user?.role === 'admin' && (
        <Box mt="xl">
          <DevicesSection scope="organization" />
        </Box>
      )}
    </>
  );
}
