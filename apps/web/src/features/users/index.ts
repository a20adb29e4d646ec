export { INVITE_ANCHOR } from './InviteMemberForm';
export { ROLE_LABELS } from './member-display';
