export {
  formatNumber,
  formatDecimal,
  formatShortDate,
  formatDateTime,
  formatRelativeTime,
  titleCase,
  capitalize,
  type DateInput,
  type RelativeTimeStyle,
} from './format.js';
export {
  riskBand,
  riskBandTone,
  domainRiskLevel,
  piiRiskTone,
  highRiskCountTone,
  clampScore,
  type RiskBand,
  type DomainRiskLabel,
} from './risk.js';
