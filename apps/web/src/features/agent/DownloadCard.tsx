import type { AgentDownload } from '@castellan/contract';
import { Button, Card, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { formatMegabytes } from './agent-words';

/** One build: its file, size and checksum with a download link, or a sentence saying there is none. */
export function DownloadCard({ download }: { download: AgentDownload }) {
  const { label, fileName, file } = download;
  return (
    <Card component="li" withBorder padding="sm">
      <Text fw={600}>{label}</Text>
      {file ? (
        <Stack gap={6} mt={4}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Code>{fileName}</Code> · {formatMegabytes(file.bytes)}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              SHA-256
            </Text>
            <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{file.sha256}</Code>
          </Group>
          <Group gap="xs">
            <Button
              component="a"
              href={file.url}
              download={fileName}
              size="sm"
              aria-label={`Download ${label}`}
            >
              Download
            </Button>
            <CopyButton value={file.sha256}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="sm"
                  onClick={copy}
                  aria-label={`${copied ? 'Copied' : 'Copy'} SHA-256 of ${label}`}
                >
                  {copied ? 'Copied' : 'Copy SHA-256'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          No build for {label} on this server yet.
        </Text>
      )}
    </Card>
  );
}
