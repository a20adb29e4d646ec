export { ScoreTrendChart } from './ScoreTrendChart';
export { formatPoints, formatScore } from './score-format';
