import type { Integration } from '@castellan/contract';
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { INVITE_ANCHOR } from '../users';

/** The prompt's sentence before its link, e.g. "3 people in Google Workspace are not in Castellan". */
export const notInCastellanText = (count: number, name: string) =>
  `${count} ${count === 1 ? 'person' : 'people'} in ${name} ${count === 1 ? 'is' : 'are'} not in Castellan`;

/**
 * After a sync of an office suite, the people of its directory who are not members yet, with the
 * way to invite them (administrators: the server gives the count to them only).
 */
export function InvitePrompt({ integration }: { integration: Integration }) {
  const count = integration.notInCastellan;
  if (integration.status !== 'connected' || !count) return null;
  return (
    <Alert color="blue" variant="light" p="xs" role="status" data-testid="notInCastellan">
      {notInCastellanText(count, integration.name)} —{' '}
      <Anchor component={Link} to={`/users#${INVITE_ANCHOR}`} size="sm">
        invite them
      </Anchor>
    </Alert>
  );
}
