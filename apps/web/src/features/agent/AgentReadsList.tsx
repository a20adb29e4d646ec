import {
  AGENT_PLATFORM_NAMES,
  AGENT_PLATFORMS,
  type AgentPlatform,
} from '@castellan/contract/agent-checks';
import {
  AGENT_SENDS,
  type AgentCommand,
  type AgentSentField,
  agentCommandLine,
  agentReadsParts,
} from '@castellan/contract/agent-reads';
import { Code, List, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';

// Commands and paths are long words: they wrap anywhere rather than widen a phone's screen.
const WRAP = { overflowWrap: 'anywhere', wordBreak: 'normal' } as const;

function CommandItem({ command }: { command: AgentCommand }) {
  const line = agentCommandLine(command);
  if (!line.includes('\n')) {
    return (
      <List.Item>
        <Code style={WRAP}>{line}</Code>: {command.why}.
      </List.Item>
    );
  }
  // A PowerShell script of many lines: its why, and the script on request.
  return (
    <List.Item>
      {command.why}.
      <details>
        <summary>The PowerShell script</summary>
        <Code block style={{ ...WRAP, whiteSpace: 'pre-wrap' }}>
          {line}
        </Code>
      </details>
    </List.Item>
  );
}

function Part({
  title,
  order = 3,
  children,
}: {
  title: string;
  order?: 3 | 4;
  children: ReactNode;
}) {
  return (
    <div>
      <Title order={order} size="h6" mb={2}>
        {title}
      </Title>
      {children}
    </div>
  );
}

const fieldItem = (where: string) => (field: AgentSentField) => (
  <List.Item key={`${where} ${field.name}`}>
    <Code style={WRAP}>{field.name}</Code> ({where}): {field.what}
  </List.Item>
);

/** What the agent reads on the chosen system, check by check, then every request it sends. */
export default function AgentReadsList({ initialPlatform }: { initialPlatform: AgentPlatform }) {
  const [platform, setPlatform] = useState(initialPlatform);
  return (
    <Stack gap="sm" mt="sm">
      <SegmentedControl
        aria-label="System"
        value={platform}
        onChange={(value) => setPlatform(value as AgentPlatform)}
        data={AGENT_PLATFORMS.map((value) => ({ value, label: AGENT_PLATFORM_NAMES[value] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {agentReadsParts(platform).map(({ title, reads, note }) => (
        <Part key={title} title={title}>
          <List size="sm" spacing={2}>
            {reads.commands.map((command) => (
              <CommandItem key={agentCommandLine(command)} command={command} />
            ))}
            {reads.files.map((file) => (
              <List.Item key={file.path}>
                The file <Code style={WRAP}>{file.path}</Code>: {file.why}.
              </List.Item>
            ))}
          </List>
          {note && <Text size="sm">{note}</Text>}
        </Part>
      ))}
      <Title order={3} size="h5" mt="xs">
        What it sends
      </Title>
      <Text size="sm">
        Nothing but these requests to Castellan: no files, no browsing history, no user names.
      </Text>
      {AGENT_SENDS.map((request) => (
        <Part key={request.path} title={`${request.method} ${request.path}`} order={4}>
          <Text size="sm">Sent {request.when}.</Text>
          <List size="sm" spacing={2}>
            {request.headers.map(fieldItem('header'))}
            {request.body.map(fieldItem('body'))}
          </List>
        </Part>
      ))}
    </Stack>
  );
}
