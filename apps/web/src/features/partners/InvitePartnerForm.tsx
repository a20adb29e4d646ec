import type { PartnerRole } from '@castellan/contract/partner-rules';
import { Button, Group, NativeSelect, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { showServerBusy, showToast } from '../../lib/toast';
import { useInvitePartner } from './api';
import { ROLE_OPTIONS } from './partner-words';

/**
 * Invites an IT provider by its domain. The server knows which organisations exist and which are
 * linked already; its refusal shows under the domain typed, which is kept.
 */
export function InvitePartnerForm() {
  const invite = useInvitePartner();
  const titleId = useId();
  const [domain, setDomain] = useState('');
  const [role, setRole] = useState<PartnerRole>('admin');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = domain.trim();
    if (!typed) return setError('Type the domain of your IT provider, such as itcare.example.');
    invite.mutate(
      { domain: typed, role },
      {
        onSuccess: (answer) => {
          if (!answer) return showServerBusy();
          setDomain('');
          showToast({
            severity: 'success',
            summary: `${answer.link.partnerDomain} is invited`,
            detail: 'Its administrators accept in their Partner console.',
          });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="xs">
        Invite a partner
      </Title>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Partner's domain"
          placeholder="itcare.example"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={300}
          value={domain}
          onChange={(event) => {
            setDomain(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: '1 1 14rem' }}
        />
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as PartnerRole)}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={invite.isPending}>
          Invite
        </Button>
      </Group>
    </form>
  );
}
