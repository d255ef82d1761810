export { FilterBar, type FilterBarProps, type FilterDefinition, type FilterValues } from './FilterBar.js';
