export * from './vocabulary.js';
export * from './entities.js';
export * from './requests.js';
export * from './paths.js';
export * from './fetcher.js';
export * from './scan.js';
export * from './security-tests.js';
export * from './trace-agreement.js';
