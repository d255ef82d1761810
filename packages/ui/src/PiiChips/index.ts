export {
  PiiChips,
  formatPiiType,
  KNOWN_PII_TYPES,
  type PiiChipsProps,
  type PiiLabelStyle,
} from './PiiChips.js';
