import type { TrustPageChoices, TrustPageSettings } from '@castellan/contract';
import {
  lowGradesToConfirm,
  MAX_PRACTICE_LENGTH,
  MAX_PRACTICES,
  practiceProblem,
  practicesProblem,
} from '@castellan/contract/trust-practices';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { openConfirmModal } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { TrustBadge } from './TrustBadge';
import { useSaveTrustPage, useTrustPageSettings } from './trust-page-api';

/** A practice being edited, with a key that survives removing the ones before it. */
type Row = { key: number; text: string };

let nextKey = 0;
const row = (text: string): Row => {
  nextKey += 1;
  return { key: nextKey, text };
};

function TrustPageForm({ saved, domain }: { saved: TrustPageSettings; domain: string }) {
  const save = useSaveTrustPage();
  const [published, setPublished] = useState(saved.published);
  const [showDomainReport, setShowDomainReport] = useState(saved.showDomainReport);
  const [showCyberScore, setShowCyberScore] = useState(saved.showCyberScore);
  const [rows, setRows] = useState<Row[]>(() =>
    saved.practices.length > 0 ? saved.practices.map(row) : [row('')],
  );
  const [checked, setChecked] = useState(false);

  // Blank rows are left out, as if removed; what remains is checked as the server checks it.
  const practices = rows.map((r) => r.text.trim()).filter(Boolean);
  const problem = practicesProblem(practices, published);
  const fieldError = (text: string) => (checked && text.trim() ? practiceProblem(text) : null);
  const savedPage = save.data ?? saved;

  const send = (choices: TrustPageChoices, confirmLowGrade: boolean) =>
    save.mutate(
      { ...choices, confirmLowGrade },
      {
        onSuccess: (answer) => {
          if (!answer) return;
          setChecked(false);
          showToast({
            severity: 'success',
            summary: answer.published ? 'Your trust page is published' : 'Your trust page is saved',
          });
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem) return;
    const choices = { published, showDomainReport, showCyberScore, practices };
    const low = lowGradesToConfirm(savedPage, choices, savedPage.grades);
    if (low.length === 0) return send(choices, false);
    openConfirmModal({
      title: 'Show a grade below C to every visitor?',
      children: (
        <Text size="sm">
          Anyone who opens /trust-center/{domain} will see{' '}
          {low.map((g) => `your ${g.name} ${g.grade}`).join(' and ')}. You can hide it again at any
          time.
        </Text>
      ),
      labels: { confirm: 'Show the grade', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => send(choices, true),
    });
  };

  const update = (key: number, text: string) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, text } : r)));
  const remove = (key: number) => setRows((all) => all.filter((r) => r.key !== key));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label="Publish our trust page"
          description={`Anyone can then open it at /trust-center/${domain}.`}
          checked={published}
          onChange={(event) => setPublished(event.currentTarget.checked)}
        />
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            No grade is shown unless you choose it.
          </Text>
          <Checkbox
            label={`Show our domain grade and the date of its scan (${
              savedPage.grades.domainReport
                ? `now ${savedPage.grades.domainReport}`
                : 'no scan of your domain yet'
            })`}
            checked={showDomainReport}
            onChange={(event) => setShowDomainReport(event.currentTarget.checked)}
          />
          <Checkbox
            label={`Show the grade of our cyber score (now ${savedPage.grades.cyberScore})`}
            checked={showCyberScore}
            onChange={(event) => setShowCyberScore(event.currentTarget.checked)}
          />
        </Stack>
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" fw={500} size="sm" mb={4}>
            Security practices
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            Up to {MAX_PRACTICES}, in your own words, one line each ({MAX_PRACTICE_LENGTH}{' '}
            characters at most). They are shown as written.
          </Text>
          <Stack gap="xs">
            {rows.map((r, index) => (
              <Group key={r.key} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  label={`Practice ${index + 1}`}
                  placeholder="Every account signs in with two-step verification."
                  value={r.text}
                  maxLength={MAX_PRACTICE_LENGTH + 40}
                  onChange={(event) => update(r.key, event.currentTarget.value)}
                  error={fieldError(r.text)}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <CloseButton
                  mt={26}
                  aria-label={`Remove practice ${index + 1}`}
                  onClick={() => remove(r.key)}
                />
              </Group>
            ))}
          </Stack>
          <Button
            variant="subtle"
            size="xs"
            mt="xs"
            disabled={rows.length >= MAX_PRACTICES}
            onClick={() => setRows((all) => [...all, row('')])}
          >
            Add a practice
          </Button>
        </fieldset>
        {checked && problem && (
          <Alert color="red" title="The trust page was not saved" role="alert">
            {problem}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" title="The trust page was not saved" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group gap="md">
          <Button type="submit" loading={save.isPending}>
            Save trust page
          </Button>
          {savedPage.published && (
            <Anchor component={Link} to={`/trust-center/${domain}`}>
              Open our public trust page
            </Anchor>
          )}
        </Group>
        {savedPage.published && savedPage.showDomainReport && <TrustBadge domain={domain} />}
      </Stack>
    </form>
  );
}

/** Administrators choose whether the organisation has a public trust page, and what it shows. */
export function TrustPageSection({ domain }: { domain: string }) {
  const query = useTrustPageSettings();
  return (
    <Card withBorder component="section" aria-labelledby="trustPageTitle" mb="lg">
      <Title order={2} size="h4" id="trustPageTitle">
        Public trust page
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Show customers and partners how {domain} keeps data safe. Off until you publish it; it shows
        only what you choose below.
      </Text>
      <QueryStatus query={query} what="the trust page settings" />
      {query.data && <TrustPageForm saved={query.data} domain={domain} />}
    </Card>
  );
}
