export { ROLE_LABELS } from './member-display';
