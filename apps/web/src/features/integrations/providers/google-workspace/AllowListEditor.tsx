import type { AllowListKey, AllowListType } from '@castellan/contract';
import { DISALLOWED_DOMAIN_ON_SAVE } from '@castellan/contract/allow-list-value';
import { Alert, Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showServerBusy, showToast } from '../../../../lib/toast';
import { AllowListEntries } from './AllowListEntries';
import { AllowListEntryForm } from './AllowListEntryForm';
import { useAddToAllowList, useRemoveFromAllowList } from './allow-list-api';
import {
  type AllowListEdits,
  addEntry,
  changesToSave,
  draftOf,
  isDisallowedEntry,
  NO_EDITS,
  removeEntry,
} from './allow-list-draft';

const GROUPS: { type: AllowListType; title: string; empty: string }[] = [
  { type: 'user', title: 'Approved users', empty: 'No users yet.' },
  { type: 'domain', title: 'Approved domains', empty: 'No domains yet.' },
  { type: 'file', title: 'Approved files', empty: 'No files yet.' },
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The approved allow-list. Administrators add and remove entries here and save them together:
 * only what changed since the list was loaded is sent (spec §4). Members read it.
 */
export function AllowListEditor({
  approved,
  isAdmin,
}: {
  approved: AllowListKey[];
  isAdmin: boolean;
}) {
  const [edits, setEdits] = useState<AllowListEdits>(NO_EDITS);
  const [saveError, setSaveError] = useState<string | null>(null);
  const add = useAddToAllowList();
  const remove = useRemoveFromAllowList();
  const draft = draftOf(approved, edits);
  const changes = changesToSave(approved, edits);
  const changeCount = changes.add.length + changes.remove.length;
  const saving = add.isPending || remove.isPending;

  const edit = (next: AllowListEdits) => {
    setEdits(next);
    setSaveError(null);
  };

  const save = async () => {
    if (draft.some(isDisallowedEntry)) {
      setSaveError(DISALLOWED_DOMAIN_ON_SAVE);
      return;
    }
    setSaveError(null);
    try {
      // Each answer is the whole list; what one call already did no longer counts as a change.
      if (changes.add.length > 0 && !(await add.mutateAsync(changes.add))) return showServerBusy();
      if (changes.remove.length > 0 && !(await remove.mutateAsync(changes.remove))) {
        return showServerBusy();
      }
      setEdits(NO_EDITS);
      showToast({ severity: 'success', summary: 'Allow-list saved' });
    } catch (error) {
      setSaveError((error as Error).message);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="allowListTitle">
      <Title order={3} size="h5" id="allowListTitle" mb={4}>
        Allow-list
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Sharing with these people, domains and files is intended, so it is not flagged.
      </Text>

      <Group align="flex-start" gap="lg" mb="md">
        {GROUPS.map((group) => (
          <AllowListEntries
            key={group.type}
            title={group.title}
            empty={group.empty}
            entries={draft.filter((entry) => entry.type === group.type)}
            edits={edits}
            onRemove={isAdmin ? (entry) => edit(removeEntry(edits, entry)) : undefined}
          />
        ))}
      </Group>

      {isAdmin && (
        <>
          <AllowListEntryForm onAdd={(entry) => edit(addEntry(edits, approved, entry))} />
          <Group gap="sm" mt="md" align="center">
            <Button onClick={() => void save()} loading={saving} disabled={changeCount === 0}>
              Save
            </Button>
            <Button
              variant="default"
              onClick={() => edit(NO_EDITS)}
              disabled={changeCount === 0 || saving}
            >
              Discard changes
            </Button>
            {changeCount > 0 && (
              <Badge variant="light" color="yellow">
                {plural(changeCount, 'unsaved change')}
              </Badge>
            )}
          </Group>
          {saveError && (
            <Alert color="red" variant="light" mt="sm" title="Not saved">
              {saveError}
            </Alert>
          )}
        </>
      )}
    </Card>
  );
}
