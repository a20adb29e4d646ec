import type { AgentPlatform } from '@castellan/contract/agent-checks';
import { Button, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';

// The list itself (and its data, a few kB) loads when first opened.
const AgentReadsList = lazy(() => import('./AgentReadsList'));

/**
 * Every command the agent runs and field it sends, per system, behind one disclosure button:
 * the visitor's system first, the others a click away.
 */
export function WhatTheAgentReads({ platform }: { platform: AgentPlatform | null }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <section aria-labelledby="agentReadsTitle">
      <Title order={2} size="h4" id="agentReadsTitle" mb="xs">
        What the agent reads
      </Title>
      <Text size="sm" mb="xs">
        Every command it runs and every file it reads, on each system, with why, and every field it
        sends to Castellan.
      </Text>
      <Button
        variant="default"
        size="compact-sm"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide the commands and fields' : 'Show the commands and fields'}
      </Button>
      <div id={listId} hidden={!open}>
        {open && (
          <Suspense fallback={<Text size="sm">Loading the list...</Text>}>
            {/* A visitor whose system is not known sees the most common first. */}
            <AgentReadsList initialPlatform={platform ?? 'win32'} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
