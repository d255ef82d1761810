export * from './fixtures.js';
export * from './handlers.js';
