export { FrameworkCards } from './FrameworkCards';
export { FrameworksSection } from './FrameworksSection';
export {
  type FrameworkFilter,
  filterByFramework,
  frameworkFilterFrom,
  NO_FRAMEWORK_FILTER,
  safeguardOptions,
  withFrameworkFilter,
} from './framework-filter';
