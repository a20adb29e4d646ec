// The task view loads this feature when it is first needed (its page is at its weight limit):
// import values from here only with import(); types may be imported as usual.
export { AttestationTrail } from './AttestationTrail';
export { AttestButton } from './AttestButton';
export type { ProofDraft } from './attachment-rules';
export { ProofSection } from './ProofSection';
