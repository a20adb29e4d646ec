export { WatchSection } from './WatchSection';
