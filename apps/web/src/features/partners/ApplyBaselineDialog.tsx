import type { ApplyBaselineResponse, Baseline, PartnerLink } from '@castellan/contract';
import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  List,
  Modal,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { showServerBusy } from '../../lib/toast';
import { baselineSummary } from './baseline-words';
import { useApplyBaseline } from './baselines-api';

type Props = {
  baseline: Baseline;
  /** The clients looked after now. */
  clients: PartnerLink[];
  onClose: () => void;
};

function Results({
  results,
  clients,
  onClose,
}: {
  results: ApplyBaselineResponse['results'];
  clients: PartnerLink[];
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const applied = results.filter((r) => r.error === null).length;
  const domainOf = (linkId: string, domain: string | null) =>
    domain ?? clients.find((c) => c.id === linkId)?.clientDomain ?? 'A client no longer linked';
  return (
    <Stack gap="sm">
      <Title order={3} size="h5" ref={heading} tabIndex={-1}>
        Applied to {applied} of {results.length} {results.length === 1 ? 'client' : 'clients'}
      </Title>
      <List aria-label="Results" listStyleType="none" spacing="xs">
        {results.map((result) => (
          <List.Item key={result.linkId}>
            <Text size="sm" fw={600} span style={{ overflowWrap: 'anywhere' }}>
              {domainOf(result.linkId, result.domain)}
            </Text>{' '}
            {result.error === null ? (
              <Badge color="green" variant="light" size="sm">
                Applied
              </Badge>
            ) : (
              <Text size="sm" c="red.8" span>
                {result.error}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

/**
 * Applies a baseline to the clients the partner chooses, then says how it went for each. Clients
 * where the partner only reads are listed, and cannot be chosen.
 */
export default function ApplyBaselineDialog({ baseline, clients, onClose }: Props) {
  const apply = useApplyBaseline();
  const ids = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const administered = clients.filter((client) => client.role === 'admin');
  const allChosen = administered.length > 0 && administered.every((c) => chosen.has(c.id));
  const noneChosen = chosen.size === 0;

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (noneChosen) return;
    // In the clients' order, as they are listed.
    const linkIds = administered.filter((c) => chosen.has(c.id)).map((c) => c.id);
    apply.mutate(
      { id: baseline.id, linkIds },
      {
        onSuccess: (answer) => {
          if (!answer) showServerBusy();
        },
      },
    );
  };

  const results = apply.data?.results;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Apply ${baseline.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {results ? (
        <Results results={results} clients={clients} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              {baselineSummary(baseline.settings)} Each client can change any of it afterwards.
            </Text>
            {clients.length === 0 ? (
              <Text size="sm">You look after no client yet.</Text>
            ) : (
              <Fieldset legend="Clients">
                <Stack gap="xs">
                  {administered.length > 1 && (
                    <Switch
                      label="All the clients you administer"
                      checked={allChosen}
                      onChange={(event) =>
                        setChosen(
                          new Set(event.currentTarget.checked ? administered.map((c) => c.id) : []),
                        )
                      }
                    />
                  )}
                  {clients.map((client) => {
                    const readOnly = client.role !== 'admin';
                    // Mantine does not tie a switch's description to it: the note is named here.
                    const noteId = `${ids}-${client.id}`;
                    return (
                      <Switch
                        key={client.id}
                        label={client.clientDomain}
                        description={
                          readOnly ? <span id={noteId}>read-only access</span> : undefined
                        }
                        aria-describedby={readOnly ? noteId : undefined}
                        disabled={readOnly}
                        checked={chosen.has(client.id)}
                        onChange={(event) => toggle(client.id, event.currentTarget.checked)}
                        data-autofocus={client.id === administered[0]?.id ? true : undefined}
                      />
                    );
                  })}
                  {tried && noneChosen && (
                    <Text size="sm" c="red" role="alert">
                      Choose at least one client.
                    </Text>
                  )}
                </Stack>
              </Fieldset>
            )}
            {apply.error && (
              <Alert color="red" role="alert" title="The baseline was not applied">
                {apply.error.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={apply.isPending} disabled={administered.length === 0}>
                Apply
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
