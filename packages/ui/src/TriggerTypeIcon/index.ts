export {
  TriggerTypeIcon,
  formatTriggerType,
  TRIGGER_TYPES,
  type TriggerType,
  type TriggerTypeIconProps,
} from './TriggerTypeIcon.js';
