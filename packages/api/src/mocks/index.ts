export * from './fixtures.js';
export * from './handlers.js';
export * from './security-tests.js';
export * from './traces.js';
