export {
  AlertStatusBadge,
  ALERT_STATUSES,
  type AlertStatus,
  type AlertStatusBadgeProps,
} from './AlertStatusBadge.js';
