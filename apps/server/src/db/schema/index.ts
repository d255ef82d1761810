export * from './core.js';
export * from './inventory.js';
export * from './alerts.js';
export * from './testing.js';
export * from './traces.js';
