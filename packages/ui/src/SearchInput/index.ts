export { SearchInput, type SearchInputProps } from './SearchInput.js';
