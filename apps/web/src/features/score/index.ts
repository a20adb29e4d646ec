export { scoreQuery, useScore } from './api';
