// Public API of @argus/ui. Every component lives in its own folder.
export * from './theme/index.js';
export * from './Spinner/index.js';
export * from './Button/index.js';
export * from './IconButton/index.js';
export * from './Input/index.js';
export * from './SearchInput/index.js';
export * from './Textarea/index.js';
export * from './Select/index.js';
export * from './Checkbox/index.js';
export * from './Switch/index.js';
export * from './Slider/index.js';
export * from './Tabs/index.js';
export * from './Dialog/index.js';
export * from './Tooltip/index.js';
export * from './Toast/index.js';
export * from './FormField/index.js';
export * from './FileDrop/index.js';
