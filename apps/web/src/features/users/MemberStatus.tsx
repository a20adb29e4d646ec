import type { Member } from '@castellan/contract';
import { Badge, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Hint } from '../../components/Hint';
import { type MemberState, memberState, STATE_LABELS, stateDetails } from './member-display';

const STATE_COLORS: Record<MemberState, string> = {
  active: 'green',
  invited: 'yellow',
  notInvited: 'gray',
};

/**
 * The member's state in a word, with its details (last sign-in, invitation) in a tooltip that
 * opens on hover, on keyboard focus and on touch; screen readers hear them as its description.
 */
export function MemberStatus({ member }: { member: Member }) {
  const state = memberState(member);
  const details = stateDetails(member);
  const detailsId = useId();
  return (
    <>
      <Hint label={details} multiline maxWidth={260}>
        <UnstyledButton
          aria-describedby={detailsId}
          data-member-state={state}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <Badge variant="light" color={STATE_COLORS[state]} style={{ cursor: 'help' }}>
            {STATE_LABELS[state]}
          </Badge>
        </UnstyledButton>
      </Hint>
      <VisuallyHidden id={detailsId}>{details}</VisuallyHidden>
    </>
  );
}
