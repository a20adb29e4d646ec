import { parsePublicDomain } from '@castellan/contract/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';

export const publicReportPath = (domain: string) =>
  `/risk-analysis/public/${encodeURIComponent(domain)}`;

type Props = { label: string; submitLabel?: string };

/** Asks for a domain and opens its public report; says what is wrong with what was typed. */
export function DomainForm({ label, submitLabel = 'Analyse' }: Props) {
  const navigate = useNavigate();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Takes the host name out of a pasted URL or e-mail address. Reserved names (.example, .test)
    // are the server's to refuse: it allows them in tests, and their report page says why.
    const result = parsePublicDomain(domain, { pasted: true, allowReserved: true });
    if (!result.ok) {
      setError(result.error);
      return;
    }
    void navigate(publicReportPath(result.domain));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" wrap="wrap" gap="sm">
        <TextInput
          label={label}
          placeholder="example.com"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          value={domain}
          onChange={(e) => {
            setDomain(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          w={{ base: '100%', sm: 360 }}
        />
        <Button type="submit" mt={{ base: 0, sm: 25 }}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
