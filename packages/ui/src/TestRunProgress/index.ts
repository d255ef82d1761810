export { TestRunProgress, type TestRunProgressProps, type TestRunStatus } from './TestRunProgress.js';
