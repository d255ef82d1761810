export {
  SeverityBadge,
  severityTone,
  SEVERITIES,
  type Severity,
  type SeverityBadgeProps,
} from './SeverityBadge.js';
