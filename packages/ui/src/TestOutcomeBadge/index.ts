export {
  TestOutcomeBadge,
  TEST_OUTCOMES,
  type TestOutcome,
  type TestOutcomeBadgeProps,
} from './TestOutcomeBadge.js';
