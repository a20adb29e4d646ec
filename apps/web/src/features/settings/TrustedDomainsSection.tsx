import {
  parseTrustedDomain,
  type TrustedDomainContext,
  trustedDomainsSaveError,
} from '@castellan/contract/trusted-domain';
import { isConsumerEmailDomain } from '@castellan/contract/vocabulary';
import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { showToast } from '../../lib/toast';
import { useUserData } from '../../lib/user-data';
import { useSaveTrustedDomains, useTrustedDomains } from './api';

const EXPLANATION =
  'Castellan counts these domains as part of your company, like your own: files shared with ' +
  'them are not flagged as shared outside, and they need no allow-list entry. Add your other ' +
  'mail domains and close partners.';

/** The organisation's trusted domains: administrators edit them, members read them. */
export function TrustedDomainsSection() {
  const query = useTrustedDomains();
  const { data: user } = useUserData();
  return (
    <Card withBorder component="section" aria-labelledby="trustedDomainsTitle" mb="lg">
      <Title order={2} size="h4" id="trustedDomainsTitle">
        Trusted domains
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {EXPLANATION}
      </Text>
      <QueryStatus query={query} what="the trusted domains" />
      {query.data &&
        user &&
        (query.data.editable ? (
          <TrustedDomainsEditor
            // Starts again from the server's list whenever it changes (a save, another tab).
            key={query.data.trustedDomains.join(' ')}
            saved={query.data.trustedDomains}
            context={{ organizationDomain: user.companyDomain, allowReserved: true }}
          />
        ) : (
          <TrustedDomainsList domains={query.data.trustedDomains} />
        ))}
    </Card>
  );
}

function TrustedDomainsList({ domains }: { domains: string[] }) {
  return (
    <>
      {domains.length === 0 ? (
        <Text size="sm">Your organisation trusts no other domains yet.</Text>
      ) : (
        <Group component="ul" aria-label="Trusted domains" gap="xs" p={0} m={0}>
          {domains.map((domain) => (
            <Badge component="li" key={domain} variant="light" size="lg" tt="none">
              {domain}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="sm" c="dimmed" mt="sm">
        Only administrators can change them.
      </Text>
    </>
  );
}

/*
 * The server checks everything again (with reserved names refused for real organisations); the
 * page's checks only answer sooner. A consumer domain can be in the list only when it was saved
 * before that service joined the list of consumer domains.
 */
function TrustedDomainsEditor({
  saved,
  context,
}: {
  saved: string[];
  context: TrustedDomainContext;
}) {
  const save = useSaveTrustedDomains();
  const [domains, setDomains] = useState(saved);
  const [typed, setTyped] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const changed = domains.join(' ') !== saved.join(' ');

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTrustedDomain(typed, context);
    if (!parsed.ok) return setAddError(parsed.error);
    if (domains.includes(parsed.domain)) {
      return setAddError(`${parsed.domain} is in the list already.`);
    }
    setDomains([...domains, parsed.domain]);
    setTyped('');
    setAddError(null);
    setSaveError(null);
  };

  const remove = (domain: string) => {
    setDomains(domains.filter((d) => d !== domain));
    setSaveError(null);
  };

  const submit = () => {
    const refusal = trustedDomainsSaveError(domains, context);
    if (refusal) return setSaveError(refusal);
    setSaveError(null);
    save.mutate(domains, {
      onSuccess: (answer) => {
        if (answer) showToast({ severity: 'success', summary: 'Trusted domains saved' });
      },
      onError: (error) => setSaveError(error.message),
    });
  };

  return (
    <>
      {domains.length === 0 ? (
        <Text size="sm" mb="sm">
          No trusted domains yet.
        </Text>
      ) : (
        <Stack component="ul" aria-label="Trusted domains" gap={4} p={0} m={0} mb="sm">
          {domains.map((domain) => (
            <Group component="li" key={domain} gap="xs" wrap="nowrap" style={{ listStyle: 'none' }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {domain}
              </Text>
              {isConsumerEmailDomain(domain) && (
                <Badge color="red" variant="light" tt="none">
                  Not allowed
                </Badge>
              )}
              <CloseButton
                size="sm"
                aria-label={`Remove ${domain}`}
                onClick={() => remove(domain)}
              />
            </Group>
          ))}
        </Stack>
      )}
      <form onSubmit={add} noValidate>
        <Group align="flex-start" gap="sm" mb="sm">
          <TextInput
            label="Add a trusted domain"
            placeholder="partner.com"
            autoComplete="off"
            spellCheck={false}
            maxLength={253}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setAddError(null);
            }}
            error={addError}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" variant="light" mt={25}>
            Add
          </Button>
        </Group>
      </form>
      {saveError && (
        <Alert color="red" mb="sm" title="The trusted domains were not saved">
          {saveError}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={submit} loading={save.isPending}>
          Save trusted domains
        </Button>
        {changed && (
          <Button variant="subtle" onClick={() => setDomains(saved)} disabled={save.isPending}>
            Undo changes
          </Button>
        )}
      </Group>
    </>
  );
}
