import type { Role } from '@castellan/contract';
import { Button, Card, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { showServerBusy, showToast } from '../../lib/toast';
import { useInviteMember } from './api';
import { ROLE_LABELS } from './member-display';

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as Role[])
  .map((value) => ({ value, label: ROLE_LABELS[value] }))
  .reverse();

const LABEL_HEIGHT = 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height))';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address fragment that opens the page at this form (the integrations page links to it). */
export const INVITE_ANCHOR = 'invite-member';

/** Adds someone of the organisation's domain, who becomes that member at their first sign-in. */
export function InviteMemberForm({ domain }: { domain: string }) {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [error, setError] = useState<string | null>(null);
  const { hash } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  // Sent here to invite someone: the address field is where to start.
  useEffect(() => {
    if (hash === `#${INVITE_ANCHOR}`) input.current?.focus();
  }, [hash]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError(`Enter an e-mail address, such as name@${domain}.`);
      return;
    }
    setError(null);
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (member) => {
          if (!member) return showServerBusy();
          setEmail('');
          setRole('user');
          showToast({
            severity: 'success',
            summary: 'Member invited',
            detail: `${member.email} can now sign in with their work account.`,
          });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="inviteMemberTitle"
      mb="lg"
      id={INVITE_ANCHOR}
    >
      <Title order={2} size="h4" id="inviteMemberTitle">
        Invite a member
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Anyone with an address at {domain} can be invited. They join when they first sign in.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            ref={input}
            label="E-mail address"
            type="email"
            placeholder={`name@${domain}`}
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            style={{ flex: '1 1 16rem' }}
          />
          <NativeSelect
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as Role)}
            style={{ flex: '0 1 10rem' }}
          />
          {/* Level with the inputs, below their labels. */}
          <Button type="submit" loading={invite.isPending} style={{ marginTop: LABEL_HEIGHT }}>
            Invite
          </Button>
        </Group>
      </form>
    </Card>
  );
}
