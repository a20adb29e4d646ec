import { AGENT_TARGET_FILES, type AgentTarget } from '@castellan/contract/agent-targets';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { showServerBusy } from '../../lib/toast';
import { formatExpiry } from './agent-words';
import { useCreateEnrollmentCode } from './api';
import { commandShell, enrollCommand, installForAllCommands } from './enroll-command';

/** The command, wrapping inside its box on a narrow screen, with a button that copies it. */
function CommandBox({
  command,
  caption,
  what = 'the enrollment command',
}: {
  command: string;
  caption: string;
  what?: string;
}) {
  return (
    <Stack component="figure" gap="xs" m={0}>
      <Text component="figcaption" size="sm" fw={500}>
        {caption}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {command}
      </Code>
      <CopyButton value={command}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'default'}
            color={copied ? 'green' : undefined}
            size="sm"
            onClick={copy}
            aria-label={copied ? `Copied ${what}` : `Copy ${what}`}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/**
 * A one-time code for enrolling one device, and the command that enrolls it with the build chosen.
 * Each click asks for a new code; the last one shown is the one to use.
 */
export function EnrollSection({
  targets,
  initialTarget,
}: {
  targets: AgentTarget[];
  initialTarget: AgentTarget;
}) {
  const [target, setTarget] = useState(initialTarget);
  const createCode = useCreateEnrollmentCode();
  const enrollment = createCode.data;
  const forAll = enrollment
    ? installForAllCommands(target, enrollment.code, window.location.origin)
    : null;
  const forAllShell = target.startsWith('win32')
    ? 'PowerShell as administrator'
    : target.startsWith('darwin')
      ? 'Terminal, as an administrator'
      : 'a terminal, with sudo';

  const getCode = () =>
    createCode.mutate(undefined, {
      onSuccess: (code) => {
        if (!code) showServerBusy();
      },
    });

  return (
    <section aria-labelledby="agentEnrollTitle">
      <Title order={2} size="h4" id="agentEnrollTitle" mb="xs">
        2. Enroll the device
      </Title>
      <Text size="sm" mb="sm">
        A code links the device to your account. It works once, for one device, within 24 hours.
        Then run the command in {commandShell(target)}, in the folder you downloaded the agent to.
      </Text>
      <Group gap="sm" align="flex-end" mb="sm">
        <NativeSelect
          label="Build"
          value={target}
          onChange={(event) => setTarget(event.currentTarget.value as AgentTarget)}
          data={targets.map((value) => ({ value, label: AGENT_TARGET_FILES[value].label }))}
          style={{ flex: '1 1 16rem' }}
        />
        <Button onClick={getCode} loading={createCode.isPending}>
          {enrollment ? 'Get a new code' : 'Get an enrollment code'}
        </Button>
      </Group>
      {createCode.isError && (
        <Alert color="red" title="Could not get a code" mb="sm">
          <Text size="sm" mb="sm">
            {createCode.error.message}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={getCode}>
            Try again
          </Button>
        </Alert>
      )}
      {/* Always there, so that screen readers hear each new code as it arrives. */}
      <div role="status">
        {enrollment && (
          <>
            <Text size="sm">
              Your code:{' '}
              <Code fz="md" fw={700}>
                {enrollment.code}
              </Code>
            </Text>
            <Text size="sm" mb="xs">
              Valid until {formatExpiry(enrollment.expiresAt)}, for one device.
            </Text>
          </>
        )}
      </div>
      {enrollment && (
        <Stack gap="xs">
          {forAll && (
            <>
              <CommandBox
                caption={`Install for all users of this computer (${forAllShell})`}
                command={forAll.install}
                what="the install command"
              />
              <Text size="sm" c="dimmed">
                It downloads the build, checks its SHA-256, installs it where only administrators
                can change it, enrolls it for the person signed in and schedules it. Through Intune,
                Jamf or another management tool, run the same line as a script. To remove it, run{' '}
                <Code>{forAll.uninstall}</Code>
              </Text>
              <Text size="sm" fw={500}>
                Or, without administrator rights, just for you, in the folder you downloaded the
                agent to:
              </Text>
            </>
          )}
          <CommandBox
            caption={`Command for ${AGENT_TARGET_FILES[target].label}`}
            command={enrollCommand(target, enrollment.code, window.location.origin)}
          />
          <Text size="sm" c="dimmed">
            The agent checks the device at once, reports, and sets itself to run again on its own.
            Your device tasks update when its report arrives.
          </Text>
        </Stack>
      )}
    </section>
  );
}
