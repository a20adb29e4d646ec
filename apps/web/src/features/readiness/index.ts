export { AnswerBadge } from './AnswerBadge';
export { ReadinessView } from './ReadinessView';
export { checkedWords, countsLine, coverageWords, evidenceLine } from './readiness-words';
