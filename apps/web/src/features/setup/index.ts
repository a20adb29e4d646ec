export { FirstWeek } from './FirstWeek';
